"""Judged by traffic only, before and after the reboot: forwarding both ways, the one port
the hand-made filter blocks (and a spare port it must not block), and the static route to the
lab network behind host2."""
from fixtures import traffic
from fixtures.checks import baseline, requirement


def _open(ctx, src, host, port):
    return traffic.until(lambda: traffic.tcp(ctx, src, host, port), lambda c: c.open)


@baseline
def the_handmade_setup_works(ctx):
    h2 = ctx.addr("host2", "lan2")
    assert traffic.tcp(ctx, "host1", h2, 443).open, "host1 → host2 tcp/443 should work at the start"
    assert traffic.tcp(ctx, "host1", h2, 8080).blocked, "host1 → host2 tcp/8080 should be blocked at the start"
    assert traffic.ping(ctx, "host1", "10.10.8.1"), "10.10.8.1 should answer host1 at the start"


@requirement("req-1")
def routes_both_ways(ctx):
    traffic.settled(ctx)
    h1, h2 = ctx.addr("host1", "lan1"), ctx.addr("host2", "lan2")
    c = _open(ctx, "host1", h2, 443)
    assert c.open, f"host1 → host2 tcp/443 (portal): {c}"
    back = _open(ctx, "host2", h1, 22)
    assert back.open, f"host2 → host1 tcp/22: {back}"


@requirement("req-2")
def admin_port_blocked_and_nothing_else(ctx):
    traffic.settled(ctx)
    h2 = ctx.addr("host2", "lan2")
    assert _open(ctx, "host1", h2, 443).open, "host1 → host2 tcp/443 does not work, so the filter cannot be judged"
    c = traffic.tcp(ctx, "host1", h2, 8080)
    assert c.blocked, "host1 reaches host2's admin port tcp/8080"
    with traffic.listener(ctx, "host2", 7301):
        spare = traffic.tcp(ctx, "host1", h2, 7301)
    assert spare.open, f"host1 → host2 tcp/7301 is blocked too ({spare}): only tcp/8080 was"


@requirement("req-3")
def lab_network_reachable(ctx):
    traffic.settled(ctx)
    c = _open(ctx, "host1", "10.10.8.1", 443)
    assert c.open, f"host1 → 10.10.8.1 tcp/443 (the lab network behind host2): {c}"
