"""Judged by traffic: connections from client to upstream open, and the listener on upstream
logs which source address they came from (the gateway's, never the client's); a temporary
route on upstream proves the LAN stays closed to connections started upstream."""
from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import route

GW_WAN = "198.51.100.2"


def _client_to_upstream(ctx, port, proto="tcp", tries=3):
    """(result, peers upstream saw) for client → upstream:port."""
    up = ctx.addr("upstream", "wan")

    def attempt():
        with traffic.listener(ctx, "upstream", port, proto=proto) as seen:
            r = (traffic.tcp if proto == "tcp" else traffic.udp)(ctx, "client", up, port)
            return r, (r.open if proto == "tcp" else r.result == "reply"), seen.peers()
    return traffic.until(attempt, lambda got: got[1], tries)


@baseline
def lan_cannot_reach_upstream_yet(ctx):
    r, ok, _ = _client_to_upstream(ctx, 9500, tries=1)
    assert not ok, "client already reaches upstream before anything was configured"


@requirement("req-1")
def client_reaches_upstream(ctx):
    traffic.settled(ctx)
    r, ok, _ = _client_to_upstream(ctx, 9501)
    assert ok, f"client → upstream ({ctx.addr('upstream', 'wan')}) tcp/9501: {r}"


@requirement("req-2")
def upstream_sees_the_gateway(ctx):
    traffic.settled(ctx)
    r, ok, peers = _client_to_upstream(ctx, 9502)
    assert ok, f"client → upstream tcp/9502 does not connect ({r}), so nothing is translated"
    client = ctx.addr("client", "lan")
    assert client not in peers, f"upstream saw client's own address {client}: no source NAT"
    assert peers and set(peers) == {GW_WAN}, f"upstream saw the connection from {peers}, not from {GW_WAN}"


@requirement("req-3")
def udp_is_translated_too(ctx):
    traffic.settled(ctx)
    r, ok, peers = _client_to_upstream(ctx, 9503, proto="udp")
    assert ok, f"a UDP datagram client → upstream udp/9503 gets no reply: {r}"
    assert peers and set(peers) == {GW_WAN}, f"upstream saw the UDP datagram from {peers}, not from {GW_WAN}"


@requirement("req-4")
def lan_closed_to_upstream(ctx, upstream):
    traffic.settled(ctx)
    client = ctx.addr("client", "lan")
    # upstream gets a route to the LAN through the gateway, as a hostile neighbour would add
    with route.temporary(upstream, "10.10.1.0/24", GW_WAN):
        with traffic.listener(ctx, "client", 9504) as seen:
            c = traffic.tcp(ctx, "upstream", client, 9504)
            peers = seen.peers()
        ssh = traffic.tcp(ctx, "upstream", client, 22)
    assert c.blocked and not peers, f"upstream opened a connection to client {client}:9504 through gateway"
    assert ssh.blocked, f"upstream opened a connection to client {client}:22 (ssh) through gateway"
