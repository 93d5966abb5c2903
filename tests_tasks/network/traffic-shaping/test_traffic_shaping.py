"""Judged by measured throughput: a TCP bulk stream each way through the router, measured at
the receiver (netprobe sink/source), against the 4 Mbit/s cap with a tolerance; the lab's
unshaped rate under emulation is far above it (the baseline proves that). The cap is on the
total: two streams at once into lan1 must share it (a per-flow limit lets each have 4 Mbit/s)."""
import json
import time
import uuid

from fixtures import traffic
from fixtures.checks import baseline, requirement

CAP = 4e6
LOW, HIGH = 0.6 * CAP, 1.15 * CAP  # TCP over a token bucket lands a little under the rate
UNCAPPED = 2.5 * CAP


def _rate(ctx, src, dst, net):
    return traffic.rate_bps(ctx, src, dst, ctx.addr(dst, net), seconds=6)


def _two_at_once(ctx, src, dst, net, seconds=6):
    """Total throughput of two TCP streams src → dst started together, each into its own sink on
    dst: the bytes of both over the longer of their two receiving windows."""
    addr = ctx.addr(dst, net)
    traffic.probe(ctx, src, "peers", "/run/opsbench/none")  # the probe is on src (after a reboot too)
    logs = {}
    for port in (5311, 5312):
        log = f"/run/opsbench/rate2-{port}-{uuid.uuid4().hex[:8]}.json"
        r = traffic.probe(ctx, dst, "sink", port, "--seconds", seconds + 20, "--log", log)
        if r.get("result") != "listening":
            raise RuntimeError(f"could not start the rate sink {port} on {dst}: {r}")
        logs[port] = log
    send = "; ".join(f"python3 {traffic.REMOTE} source {addr} {port} --seconds {seconds} >/dev/null & p{port}=$!"
                     for port in logs)
    res = ctx.run(src, f"{send}; rc=0; for p in {' '.join(f'$p{port}' for port in logs)}; do wait $p || rc=1; done; exit $rc",
                  timeout=seconds + 60)
    assert res.exit_code == 0, f"two streams {src} → {dst} ({addr}) at once: a sender failed: {res.stderr.strip()[-300:]}"
    got = {}
    for _ in range(40):
        for port, log in logs.items():
            if port not in got:
                r = ctx.run(dst, f"cat {log} 2>/dev/null && rm -f {log}")
                if r.exit_code == 0 and r.stdout.strip():
                    got[port] = json.loads(r.stdout)
        if len(got) == len(logs):
            break
        time.sleep(0.5)
    if len(got) != len(logs):
        raise RuntimeError(f"the rate sinks on {dst} did not report ({sorted(got)} of {sorted(logs)})")
    window = max(g.get("seconds") or 0 for g in got.values())
    total = sum(g.get("bytes") or 0 for g in got.values())
    assert window > 0 and total > 0, f"no bytes of the two streams {src} → {dst} arrived"
    return total * 8 / window


@baseline
def unshaped_rate_is_well_above_the_cap(ctx):
    bps = _rate(ctx, "host2", "host1", "lan1")
    assert bps > UNCAPPED, f"host2 → host1 unshaped gets only {bps / 1e6:.1f} Mbit/s: the cap cannot be told apart"


@requirement("req-1")
def lan2_into_lan1_is_capped(ctx):
    traffic.settled(ctx)
    bps = _rate(ctx, "host2", "host1", "lan1")
    assert LOW <= bps <= HIGH, \
        f"host2 → host1 measured {bps / 1e6:.2f} Mbit/s; the cap is 4 Mbit/s (accepted {LOW / 1e6:.1f}–{HIGH / 1e6:.1f})"
    both = _two_at_once(ctx, "host2", "host1", "lan1")
    assert both <= HIGH, \
        f"two streams host2 → host1 at once get {both / 1e6:.2f} Mbit/s together: the 4 Mbit/s cap is not on the total"


@requirement("req-2")
def lan1_into_lan2_is_not_capped(ctx):
    traffic.settled(ctx)
    bps = _rate(ctx, "host1", "host2", "lan2")
    assert bps > UNCAPPED, f"host1 → host2 measured {bps / 1e6:.2f} Mbit/s: this direction must not be capped"


@requirement("req-3")
def router_still_routes(ctx):
    traffic.settled(ctx)
    h1, h2 = ctx.addr("host1", "lan1"), ctx.addr("host2", "lan2")
    with traffic.listener(ctx, "host2", 9300):
        c = traffic.tcp(ctx, "host1", h2, 9300)
    assert c.open, f"host1 → host2 tcp/9300: {c}"
    assert traffic.ping(ctx, "host2", h1), "host2 cannot ping host1"
