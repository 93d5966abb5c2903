"""Judged by traffic from the guest network: to upstream (must work), to the staff network (TCP
to a temporary listener and to SSH, UDP, ping: nothing may arrive), and to the router's SSH on
each of its three addresses; the staff network's own access (to upstream, to the guest network
with the replies coming back, to the router's SSH) is checked alongside."""
from fixtures import traffic
from fixtures.checks import baseline, requirement

STAFF_PC, GUEST_PC, UPSTREAM = "10.10.1.20", "10.10.9.50", "198.51.100.10"
ROUTER_ADDRS = ("10.10.9.1", "10.10.1.1", "198.51.100.2")


def _open(ctx, src, host, port, tries=3):
    return traffic.until(lambda: traffic.tcp(ctx, src, host, port), lambda c: c.open, tries)


@baseline
def guests_reach_everything_at_the_start(ctx):
    assert traffic.tcp(ctx, "guest-pc", STAFF_PC, 22).open, "guest-pc should reach staff-pc at the start"
    assert traffic.tcp(ctx, "guest-pc", "10.10.9.1", 22).open, "guest-pc should reach router's SSH at the start"


@requirement("req-1")
def guests_reach_the_internet(ctx):
    traffic.settled(ctx)
    with traffic.listener(ctx, "upstream", 7501):
        c = _open(ctx, "guest-pc", UPSTREAM, 7501)
    assert c.open, f"guest-pc → upstream tcp/7501: {c}"


@requirement("req-2")
def guests_cannot_reach_staff(ctx):
    traffic.settled(ctx)
    leaks = []
    with traffic.listener(ctx, "staff-pc", 7502) as t, traffic.listener(ctx, "staff-pc", 7503, proto="udp") as u:
        for port in (22, 7502):
            if traffic.tcp(ctx, "guest-pc", STAFF_PC, port).open:
                leaks.append(f"tcp/{port}")
        if traffic.udp(ctx, "guest-pc", STAFF_PC, 7503).result == "reply":
            leaks.append("udp/7503")
        arrived = t.peers() + u.peers()
    if traffic.ping(ctx, "guest-pc", STAFF_PC):
        leaks.append("ping")
    assert not leaks and not arrived, f"guest-pc still reaches staff-pc by {leaks} (arrived from {arrived})"


@requirement("req-3")
def guests_cannot_ssh_to_the_router(ctx):
    traffic.settled(ctx)
    opened = [a for a in ROUTER_ADDRS if traffic.tcp(ctx, "guest-pc", a, 22).open]
    assert not opened, f"guest-pc still opens SSH to router at {', '.join(opened)}"


@requirement("req-4")
def staff_keeps_its_access(ctx):
    traffic.settled(ctx)
    with traffic.listener(ctx, "upstream", 7504):
        c = _open(ctx, "staff-pc", UPSTREAM, 7504)
    assert c.open, f"staff-pc → upstream tcp/7504: {c}"
    with traffic.listener(ctx, "guest-pc", 7505):
        c = _open(ctx, "staff-pc", GUEST_PC, 7505)
    assert c.open, f"staff-pc → guest-pc tcp/7505 (staff reached the guest network before; the reply must come back): {c}"
    ssh = _open(ctx, "staff-pc", "10.10.1.1", 22)
    assert ssh.open, f"staff-pc → router tcp/22: {ssh}"
