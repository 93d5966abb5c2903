"""Judged by who answers for 10.10.1.1 as seen from client (the MAC in client's fresh
neighbour entry, matched against each router's NICs), before, during and after router1's LAN
link is taken down by the check."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement

VIP = "10.10.1.1"
ROUTERS = ["router1", "router2"]


def _holder(ctx):
    return traffic.answering_node(ctx, "client", VIP, ROUTERS)


def _wait_for(ctx, want, seconds):
    start, seen = time.monotonic(), None
    while time.monotonic() - start < seconds:
        seen = _holder(ctx)
        if seen == want:
            return seen, time.monotonic() - start
        time.sleep(1)
    return seen, None


@baseline
def nobody_holds_the_gateway(ctx):
    assert _holder(ctx) is None, "10.10.1.1 already answers before anything was configured"


@requirement("req-1")
def router1_holds_the_gateway(ctx):
    traffic.settled(ctx)
    seen, _ = _wait_for(ctx, "router1", 30)
    assert seen == "router1", f"10.10.1.1 is answered by {seen or 'nobody'}, not router1"
    assert traffic.ping(ctx, "client", VIP), "client cannot ping its gateway 10.10.1.1"


def _link(router1, state):
    router1.run(f"ip link set eth1 {state}")


@requirement("req-2")
def router2_takes_over(ctx, router1):
    traffic.settled(ctx)
    _wait_for(ctx, "router1", 30)
    _link(router1, "down")
    try:
        seen, after = _wait_for(ctx, "router2", 20)
        reachable = traffic.ping(ctx, "client", VIP)
    finally:
        _link(router1, "up")
    assert after is not None, f"with router1's LAN link down, 10.10.1.1 is answered by {seen or 'nobody'} after 20 s"
    assert reachable, "router2 holds 10.10.1.1 but client's ping to it gets no answer"


@requirement("req-3")
def router1_takes_it_back(ctx, router1):
    traffic.settled(ctx)
    _wait_for(ctx, "router1", 30)
    _link(router1, "down")
    try:
        _wait_for(ctx, "router2", 20)
    finally:
        _link(router1, "up")
    seen, after = _wait_for(ctx, "router1", 40)
    assert after is not None, f"router1's link is back but 10.10.1.1 stays with {seen or 'nobody'}"


@requirement("req-4")
def own_addresses_stay(ctx):
    traffic.settled(ctx)
    missing = [a for a in ("10.10.1.2", "10.10.1.3") if not traffic.ping(ctx, "client", a)]
    assert not missing, f"client cannot reach the routers' own addresses {', '.join(missing)}"
