"""Judged by traffic between the two hosts: connections both ways with the real source
address seen by the far end, ping both ways, and the path host1 → host2 through the router."""
from fixtures import traffic
from fixtures.checks import baseline, requirement

PORT1, PORT2 = 9401, 9402


def _connect_and_see(ctx, src, dst, net, port, tries=3):
    """A connection src → dst on a temporary listener; (result, peers seen by dst)."""
    def attempt():
        with traffic.listener(ctx, dst, port) as seen:
            c = traffic.tcp(ctx, src, ctx.addr(dst, net), port)
            return c, (seen.peers() if c.open else [])
    return traffic.until(attempt, lambda r: r[0].open, tries)


@baseline
def hosts_cannot_talk_yet(ctx):
    c, _ = _connect_and_see(ctx, "host1", "host2", "lan2", PORT1, tries=1)
    assert c.blocked, "host1 already reaches host2 before anything was configured"


@requirement("req-1")
def host1_connects_to_host2(ctx):
    traffic.settled(ctx)
    c, peers = _connect_and_see(ctx, "host1", "host2", "lan2", PORT1)
    assert c.open, f"host1 → host2 ({ctx.addr('host2', 'lan2')}) tcp/{PORT1}: {c}"
    assert peers == [ctx.addr("host1", "lan1")], \
        f"host2 saw the connection coming from {peers}, not from host1's address {ctx.addr('host1', 'lan1')}"


@requirement("req-2")
def host2_connects_to_host1(ctx):
    traffic.settled(ctx)
    c, peers = _connect_and_see(ctx, "host2", "host1", "lan1", PORT2)
    assert c.open, f"host2 → host1 ({ctx.addr('host1', 'lan1')}) tcp/{PORT2}: {c}"
    assert peers == [ctx.addr("host2", "lan2")], \
        f"host1 saw the connection coming from {peers}, not from host2's address {ctx.addr('host2', 'lan2')}"


@requirement("req-3")
def ping_both_ways(ctx):
    traffic.settled(ctx)
    failed = [f"{a} → {b}" for a, b, net in (("host1", "host2", "lan2"), ("host2", "host1", "lan1"))
              if not traffic.ping(ctx, a, ctx.addr(b, net), count=3)]
    assert not failed, f"ping fails: {', '.join(failed)}"


@requirement("req-4")
def path_goes_through_the_router(ctx):
    traffic.settled(ctx)
    host2 = ctx.addr("host2", "lan2")
    p = traffic.path(ctx, "host1", host2)
    assert p.reached, f"host1 does not reach host2 ({host2}); hops seen: {list(p.hops)}"
    assert p.hops == ("10.10.1.1", host2), \
        f"the path host1 → host2 is {list(p.hops)}, expected one hop through router (10.10.1.1)"
