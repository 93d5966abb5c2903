"""Judged by traffic from upstream: the published URL answers with the client's page; other
ports of the gateway's upstream address lead nowhere (temporary listeners on client prove
nothing arrives); a temporary route on upstream proves the LAN is not reachable directly."""
from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import route

GW_WAN = "198.51.100.2"
MARKER = "served by the webapp on client"
SPARE = 7080  # a port nothing uses: a listener there on client shows whether anything leaks in


@baseline
def apps_run_on_client(client):
    assert client.run("curl -sf --max-time 5 http://127.0.0.1:8080/").rc == 0, "webapp is not running"
    assert client.run("curl -sf --max-time 5 http://127.0.0.1:9090/").rc == 0, "admin-console is not running"


@requirement("req-1")
def published_from_upstream(ctx):
    h = traffic.until(lambda: traffic.http(ctx, "upstream", f"http://{GW_WAN}/"), lambda h: h.ok and MARKER in h.body)
    assert h.status is not None, f"http://{GW_WAN}/ from upstream: no answer ({h.error})"
    assert h.ok and MARKER in h.body, \
        f"http://{GW_WAN}/ from upstream answers {h.status} with something else: {h.body[:200]!r}"


@requirement("req-2")
def nothing_else_forwarded(ctx):
    opened = []
    with traffic.listener(ctx, "client", SPARE) as seen:
        for port in (8080, 9090, SPARE, 443, 8000):
            if traffic.tcp(ctx, "upstream", GW_WAN, port).open:
                opened.append(port)
        leaked = seen.peers()
    assert not opened, f"from upstream, {GW_WAN} also answers on tcp/{', tcp/'.join(map(str, opened))}"
    assert not leaked, f"a connection to {GW_WAN}:{SPARE} reached client (from {leaked})"


@requirement("req-3")
def lan_not_directly_reachable(ctx, upstream):
    client = ctx.addr("client", "lan")
    with route.temporary(upstream, "10.10.1.0/24", GW_WAN):
        opened = [p for p in (8080, 9090, 22) if traffic.tcp(ctx, "upstream", client, p).open]
    assert not opened, f"with a route to the LAN, upstream connects directly to client {client} " \
                       f"on tcp/{', tcp/'.join(map(str, opened))}"
