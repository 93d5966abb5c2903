"""Judged by measured throughput: a TCP bulk stream each way through the router, measured at
the receiver (netprobe sink/source), against the 4 Mbit/s cap with a tolerance; the lab's
unshaped rate under emulation is far above it (the baseline proves that)."""
from fixtures import traffic
from fixtures.checks import baseline, requirement

CAP = 4e6
LOW, HIGH = 0.6 * CAP, 1.15 * CAP  # TCP over a token bucket lands a little under the rate
UNCAPPED = 2.5 * CAP


def _rate(ctx, src, dst, net):
    return traffic.rate_bps(ctx, src, dst, ctx.addr(dst, net), seconds=6)


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
