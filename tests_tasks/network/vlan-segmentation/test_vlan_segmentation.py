"""Judged by traffic on the trunk: each host pings its VLAN's gateway and connects to the other
host through the router (path through .1); then host1 borrows an address in VLAN 20's subnet on
its VLAN 10 interface, and one untagged on the trunk, and must get no answer from the router
there (a subnet on the wrong VLAN, or untagged, is the classic silent mistake)."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement

H1, H2 = "10.40.10.11", "10.40.20.12"


@baseline
def router_not_there_yet(ctx):
    assert not traffic.ping(ctx, "host1", "10.40.10.1"), "10.40.10.1 answers before anything was configured"


def _pings(ctx, src, addr, tries=3):
    for attempt in range(tries):
        if traffic.ping(ctx, src, addr):
            return True
        time.sleep(2)
    return False


@requirement("req-1")
def gateways_answer_on_their_vlan(ctx):
    traffic.settled(ctx)
    missing = [f"{src} → {gw}" for src, gw in (("host1", "10.40.10.1"), ("host2", "10.40.20.1"))
               if not _pings(ctx, src, gw)]
    assert not missing, f"no answer from the VLAN gateway: {', '.join(missing)}"


@requirement("req-2")
def routes_between_vlans(ctx):
    traffic.settled(ctx)
    for src, dst, addr, port in (("host1", "host2", H2, 9701), ("host2", "host1", H1, 9702)):
        for attempt in range(3):
            with traffic.listener(ctx, dst, port):
                c = traffic.tcp(ctx, src, addr, port)
            if c.open:
                break
            time.sleep(3)
        assert c.open, f"{src} → {dst} ({addr}) tcp/{port}: {c}"
    hops = traffic.path(ctx, "host1", H2)
    assert hops.reached and hops.through("10.40.10.1"), f"host1 → host2 does not go through router: {hops.hops}"


def _answers_from(host1, dev, borrowed, target):
    """Whether `target` answers host1 from a temporary address on `dev`. host1 answers ARP only
    on the interface that holds an address meanwhile, so a reply can only come back the way
    the probe went out."""
    host1.run(f"sysctl -qw net.ipv4.conf.all.arp_ignore=1 && ip addr add {borrowed}/24 dev {dev}")
    try:
        return host1.run(f"ping -n -c 2 -W 2 -I {dev} {target}").rc == 0
    finally:
        host1.run(f"ip addr del {borrowed}/24 dev {dev}; sysctl -qw net.ipv4.conf.all.arp_ignore=0; true")


@requirement("req-3")
def subnets_stay_on_their_vlan(ctx, host1):
    traffic.settled(ctx)
    wrong = []
    if _answers_from(host1, "eth1.10", "10.40.20.77", "10.40.20.1"):
        wrong.append("10.40.20.1 answers on VLAN 10")
    for vid in (10, 20):
        if _answers_from(host1, "eth1", f"10.40.{vid}.77", f"10.40.{vid}.1"):
            wrong.append(f"10.40.{vid}.1 answers untagged on the trunk")
    assert not wrong, "; ".join(wrong)
