"""Judged by traffic between the LANs: host1's connections to host2 by port and protocol
(temporary listeners on host2 for ports nothing uses), ping, and connections started from
lan2 whose replies must come back through the filter."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement

SPARE_TCP, SPARE_UDP = 7443, 7444


def _host2(ctx):
    return ctx.addr("host2", "lan2")


@baseline
def wide_open_at_the_start(ctx):
    for port in (443, 8080, 22):
        c = traffic.tcp(ctx, "host1", _host2(ctx), port)
        assert c.open, f"host1 → host2 tcp/{port} should be open at the start: {c}"


@requirement("req-1")
def https_allowed(ctx):
    traffic.settled(ctx)
    for attempt in range(3):
        c = traffic.tcp(ctx, "host1", _host2(ctx), 443)
        if c.open:
            return
        time.sleep(3)
    assert c.open, f"host1 → host2 tcp/443: {c}"


@requirement("req-2")
def admin_and_ssh_blocked(ctx):
    traffic.settled(ctx)
    opened = [p for p in (8080, 22) if traffic.tcp(ctx, "host1", _host2(ctx), p).open]
    assert not opened, f"host1 still connects to host2 on tcp/{', tcp/'.join(map(str, opened))}"


@requirement("req-3")
def everything_else_blocked(ctx):
    traffic.settled(ctx)
    leaks = []
    with traffic.listener(ctx, "host2", SPARE_TCP) as tcp_seen, \
            traffic.listener(ctx, "host2", SPARE_UDP, proto="udp") as udp_seen:
        if traffic.tcp(ctx, "host1", _host2(ctx), SPARE_TCP).open:
            leaks.append(f"tcp/{SPARE_TCP}")
        if traffic.udp(ctx, "host1", _host2(ctx), SPARE_UDP).result == "reply":
            leaks.append(f"udp/{SPARE_UDP}")
        seen = tcp_seen.peers() + udp_seen.peers()
    if traffic.ping(ctx, "host1", _host2(ctx)):
        leaks.append("ping")
    assert not leaks, f"from host1, host2 is still reachable by {', '.join(leaks)}"
    assert not seen, f"host2 received traffic from lan1 on a blocked port (from {seen})"


@requirement("req-4")
def lan2_to_lan1_works(ctx):
    traffic.settled(ctx)
    host1 = ctx.addr("host1", "lan1")
    for attempt in range(3):
        c = traffic.tcp(ctx, "host2", host1, 22)
        if c.open:
            break
        time.sleep(3)
    assert c.open, f"host2 → host1 tcp/22 (ssh) does not work (the reply must come back): {c}"
    assert traffic.ping(ctx, "host2", host1), "host2 cannot ping host1 (the echo reply must come back)"
