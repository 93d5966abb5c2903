"""Judged by traffic through and to the router (temporary listeners show what arrives), by the
kernel log lines the blocked packets leave on the router (each probe uses its own port, so a
line can only come from that probe), and by the management interface still answering."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement


def _open_with_retry(ctx, src, host, port):
    return traffic.until(lambda: traffic.tcp(ctx, src, host, port), lambda c: c.open)


@baseline
def wide_open_at_the_start(ctx):
    h2 = ctx.addr("host2", "lan2")
    for port in (80, 22):
        assert traffic.tcp(ctx, "host1", h2, port).open, f"host1 → host2 tcp/{port} should be open at the start"
    assert traffic.tcp(ctx, "host2", "10.10.2.1", 22).open, "host2 → router ssh should be open at the start"


@requirement("req-1")
def intranet_reachable(ctx):
    traffic.settled(ctx)
    h = traffic.until(lambda: traffic.http(ctx, "host1", f"http://{ctx.addr('host2', 'lan2')}/"),
                      lambda h: h.ok and "staff intranet" in h.body)
    assert h.ok and "staff intranet" in h.body, \
        f"host1 cannot fetch the intranet site from host2: {h.status} {h.error or h.body[:100]!r}"


@requirement("req-2")
def nothing_else_crosses(ctx):
    traffic.settled(ctx)
    h1, h2 = ctx.addr("host1", "lan1"), ctx.addr("host2", "lan2")
    leaks = []
    with traffic.listener(ctx, "host2", 7201) as t2, traffic.listener(ctx, "host2", 7202, proto="udp") as u2, \
            traffic.listener(ctx, "host1", 7203) as t1:
        if traffic.tcp(ctx, "host1", h2, 22).open:
            leaks.append("host1 → host2 tcp/22")
        if traffic.tcp(ctx, "host1", h2, 7201).open:
            leaks.append("host1 → host2 tcp/7201")
        if traffic.udp(ctx, "host1", h2, 7202).result == "reply":
            leaks.append("host1 → host2 udp/7202")
        if traffic.tcp(ctx, "host2", h1, 7203).open:
            leaks.append("host2 → host1 tcp/7203")
        if traffic.tcp(ctx, "host2", h1, 22).open:
            leaks.append("host2 → host1 tcp/22")
        arrived = t2.peers() + u2.peers() + t1.peers()
    if traffic.ping(ctx, "host1", h2):
        leaks.append("host1 → host2 ping")
    assert not leaks, f"still crossing router: {', '.join(leaks)}"
    assert not arrived, f"blocked traffic still arrived (from {arrived})"


@requirement("req-3")
def router_ssh_from_lan1_only(ctx):
    traffic.settled(ctx)
    c = _open_with_retry(ctx, "host1", "10.10.1.1", 22)
    assert c.open, f"host1 (lan1) → router tcp/22 must stay open: {c}"
    opened = [a for a in ("10.10.2.1", "10.10.1.1") if traffic.tcp(ctx, "host2", a, 22).open]
    assert not opened, f"host2 (lan2) still opens SSH to router at {', '.join(opened)}"


def _logged(router, src, dst, port):
    res = router.run(f"dmesg 2>/dev/null | grep -F 'OB-DROP' | grep -F 'SRC={src} ' "
                     f"| grep -F 'DST={dst} ' | grep -c 'DPT={port} '; true")
    return int((res.stdout or "0").strip() or 0)


@requirement("req-4")
def blocked_packets_are_logged(ctx, router):
    traffic.settled(ctx)
    h1, h2 = ctx.addr("host1", "lan1"), ctx.addr("host2", "lan2")
    probes = [("host1", h1, h2, 7211, "forwarded, lan1 → lan2"), ("host2", h2, h1, 7212, "forwarded, lan2 → lan1"),
              ("host2", h2, "10.10.2.1", 7213, "to router itself")]
    for src, a, b, port, _ in probes:
        traffic.tcp(ctx, src, b, port)
    time.sleep(1)
    missing = [f"{a} → {b} tcp/{port} ({what})" for src, a, b, port, what in probes if not _logged(router, a, b, port)]
    assert not missing, f"no OB-DROP line in router's kernel log for the blocked {'; '.join(missing)}"


@requirement("req-5")
def management_still_works(router):
    assert router.run("true").rc == 0, "router no longer answers on its management interface"
