"""Judged by traffic across each pair of zones: connections to the real services and to
temporary listeners on ports nothing uses (what arrives there shows a leak even when the
connection itself is refused; from wan also tcp/443 on a LAN machine, the shop's port on the
wrong host); replies must come back for what is allowed."""
import time

from fixtures import traffic
from fixtures.checks import baseline, requirement

SERVER, CLIENT, OUTSIDE = "10.10.3.10", "10.10.1.10", "198.51.100.10"


def _open(ctx, src, host, port, tries=3):
    for attempt in range(tries):
        c = traffic.tcp(ctx, src, host, port)
        if c.open or attempt + 1 == tries:
            return c
        time.sleep(3)


def _leaks(ctx, src, dst, host, ports, spare):
    """Ports of `host` that `src` opens, a spare port with a listener on `dst` included."""
    with traffic.listener(ctx, dst, spare) as seen:
        opened = [p for p in (*ports, spare) if traffic.tcp(ctx, src, host, p).open]
        arrived = seen.peers()
    return opened, arrived


@baseline
def no_filter_at_the_start(ctx):
    for src, host, port in (("outside", SERVER, 5432), ("outside", CLIENT, 22), ("server", CLIENT, 22)):
        assert traffic.tcp(ctx, src, host, port).open, f"{src} → {host}:{port} should be open at the start"


@requirement("req-1")
def wan_reaches_only_the_shop(ctx):
    traffic.settled(ctx)
    c = _open(ctx, "outside", SERVER, 443)
    assert c.open, f"outside → server tcp/443 (the shop): {c}"
    opened, arrived = _leaks(ctx, "outside", "server", SERVER, (22, 5432), 7401)
    assert not opened and not arrived, f"from wan, server also answers on tcp/{opened} (arrived from {arrived})"
    opened, arrived = _leaks(ctx, "outside", "client", CLIENT, (22,), 7402)
    assert not opened and not arrived, f"from wan, client answers on tcp/{opened} (arrived from {arrived})"
    # the shop's port is allowed to server only: a LAN machine listening on tcp/443 stays closed
    opened, arrived = _leaks(ctx, "outside", "client", CLIENT, (), 443)
    assert not opened and not arrived, f"from wan, client answers on tcp/{opened} (arrived from {arrived})"


@requirement("req-2")
def lan_reaches_shop_and_ssh(ctx):
    traffic.settled(ctx)
    for port in (443, 22):
        c = _open(ctx, "client", SERVER, port)
        assert c.open, f"client → server tcp/{port}: {c}"
    opened, arrived = _leaks(ctx, "client", "server", SERVER, (5432,), 7403)
    assert not opened and not arrived, f"from lan, server also answers on tcp/{opened} (arrived from {arrived})"


@requirement("req-3")
def dmz_cannot_enter_lan(ctx):
    traffic.settled(ctx)
    opened, arrived = _leaks(ctx, "server", "client", CLIENT, (22,), 7404)
    assert not opened and not arrived, f"from the DMZ, client answers on tcp/{opened} (arrived from {arrived})"


@requirement("req-4")
def lan_and_dmz_reach_wan(ctx):
    traffic.settled(ctx)
    for src in ("client", "server"):
        with traffic.listener(ctx, "outside", 7405):
            c = _open(ctx, src, OUTSIDE, 7405)
        assert c.open, f"{src} → outside tcp/7405: {c}"
