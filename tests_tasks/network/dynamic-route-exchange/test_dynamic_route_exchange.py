"""Judged by traffic: the hosts reach each other; then the check adds a network on router-b (a
dummy interface) and host-a must reach its address within 90 s; after the check removes it,
router-a must lose the route within 90 s and stop sending the address towards router-b (a
static or summary route would keep it)."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement

NEW_NET, NEW_ADDR = "10.30.77.0/24", "10.30.77.1"


def _connect(ctx, src, dst, net, port, tries=4):
    def attempt():
        with traffic.listener(ctx, dst, port):
            return traffic.tcp(ctx, src, ctx.addr(dst, net), port)
    return traffic.until(attempt, lambda c: c.open, tries, wait_s=5)


def _until(pred, seconds):
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if pred():
            return True
        time.sleep(3)
    return False


def _route_on_a(hosts):
    return hosts["router-a"].run(f"ip -4 route show {NEW_NET}").stdout.strip()


def _towards_b(ctx, hosts):
    """router-a's route for the new address when it still leads to router-b over the WAN (by a
    learned, static or summary route), else ''."""
    res = hosts["router-a"].run(f"ip -4 route get {NEW_ADDR}")
    route = res.stdout.strip().splitlines()[0] if res.rc == 0 and res.stdout.strip() else ""
    peer = ctx.addr("router-b", "wan")
    return route if f"via {peer} " in route + " " or " dev eth1 " in route + " " else ""


@baseline
def sites_apart(ctx):
    assert _connect(ctx, "host-a", "host-b", "site-b", 9900, tries=1).blocked, \
        "host-a already reaches host-b before anything was configured"


@requirement("req-1")
def sites_reach_each_other(ctx):
    traffic.settled(ctx)
    for src, dst, net, port in (("host-a", "host-b", "site-b", 9901), ("host-b", "host-a", "site-a", 9902)):
        c = _connect(ctx, src, dst, net, port, tries=8)
        assert c.open, f"{src} → {dst} tcp/{port}: {c}"


def _add_network(hosts):
    hosts["router-b"].run(f"ip link add ob-new type dummy && ip addr add {NEW_ADDR}/24 dev ob-new "
                          "&& ip link set ob-new up")


def _remove_network(hosts):
    hosts["router-b"].run("ip link del ob-new 2>/dev/null; true")


@requirement("req-2")
def new_network_is_learned(ctx, hosts):
    traffic.settled(ctx)
    _add_network(hosts)
    try:
        learned = _until(lambda: traffic.ping(ctx, "host-a", NEW_ADDR, count=1), 90)
    finally:
        _remove_network(hosts)
    assert learned, f"{NEW_NET} appeared on router-b but host-a could not reach {NEW_ADDR} within 90 s"


@requirement("req-3")
def gone_network_is_withdrawn(ctx, hosts):
    traffic.settled(ctx)
    _add_network(hosts)
    try:
        learned = _until(lambda: bool(_route_on_a(hosts)), 90)
    finally:
        _remove_network(hosts)
    assert learned, f"router-a never learned {NEW_NET} from router-b, so nothing can be withdrawn"
    assert _until(lambda: not _route_on_a(hosts) and not _towards_b(ctx, hosts), 90), \
        f"{NEW_NET} is gone from router-b but router-a still routes it towards router-b: " \
        f"{_route_on_a(hosts) or _towards_b(ctx, hosts)}"
