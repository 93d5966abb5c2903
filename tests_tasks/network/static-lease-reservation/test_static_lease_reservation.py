"""Judged by DHCP traffic on lan. The kiosk is not there yet, so the check plays it: a
temporary macvlan interface on client with the kiosk's MAC sends the DISCOVER (and a second
one with a random MAC plays an unknown device); then client's own DHCP client really takes
a lease and reaches the router with it."""
import ipaddress
import random

from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import dhcp

ROUTER = "10.10.1.1"
KIOSK_MAC, KIOSK_IP = "02:1a:2b:3c:4d:50", "10.10.1.50"
POOL = (ipaddress.ip_address("10.10.1.100"), ipaddress.ip_address("10.10.1.200"))

def _offer_as(ctx, client, mac):
    """The offer a device with `mac` on lan gets (a temporary macvlan on client plays it)."""
    dev = "obdev" + mac.replace(":", "")[-4:]
    res = client.run(f"ip link del {dev} 2>/dev/null; ip link add {dev} link eth1 address {mac} "
                     f"type macvlan mode bridge && ip link set {dev} up")
    if res.rc != 0:
        raise RuntimeError(f"could not create the test interface {dev} on client: {res.stderr.strip()}")
    try:
        o = traffic.dhcp_offer(ctx, "client", dev, timeout=10)
        if o.result != "offer":
            o = traffic.dhcp_offer(ctx, "client", dev, timeout=15)
        return o
    finally:
        client.run(f"ip link del {dev}")


def _in_pool(addr):
    return addr is not None and POOL[0] <= ipaddress.ip_address(addr) <= POOL[1]


@baseline
def no_dhcp_server_yet(ctx):
    o = traffic.dhcp_offer(ctx, "client", "eth1", timeout=5)
    assert o.result == "timeout", f"something already offers addresses on lan: {o}"


@requirement("req-1")
def kiosk_gets_its_address(ctx, client):
    traffic.settled(ctx)
    for _ in range(2):  # always: ask twice, as a device does after each reboot
        o = _offer_as(ctx, client, KIOSK_MAC)
        assert o.result == "offer", f"nobody answers a DHCP request from the kiosk's MAC {KIOSK_MAC}"
        assert o.server == ROUTER, f"the kiosk's offer comes from {o.server}, not from router"
        assert o.address == KIOSK_IP, f"the kiosk ({KIOSK_MAC}) is offered {o.address}, not {KIOSK_IP}"
        assert o.router == (ROUTER,), f"the kiosk's offer names gateway {list(o.router)}, not {ROUTER}"


@requirement("req-2")
def others_get_pool_addresses(ctx, client):
    traffic.settled(ctx)
    other = "02:%02x:%02x:%02x:%02x:%02x" % tuple(random.randrange(256) for _ in range(5))
    offers = {"client's eth1": traffic.dhcp_offer(ctx, "client", "eth1", timeout=15),
              f"a device with MAC {other}": _offer_as(ctx, client, other)}
    for who, o in offers.items():
        assert o.result == "offer", f"{who} gets no DHCP offer on lan"
        assert o.server == ROUTER, f"{who} is answered by {o.server}, not by router"
        assert o.address != KIOSK_IP, f"{who} is offered the kiosk's reserved address {KIOSK_IP}"
        assert _in_pool(o.address), f"{who} is offered {o.address}, outside the pool 10.10.1.100-10.10.1.200"
        assert o.router == (ROUTER,), f"{who}'s offer names gateway {list(o.router)}, not {ROUTER}"


@requirement("req-3")
def client_gets_a_lease(ctx, client):
    traffic.settled(ctx)
    addr = dhcp.lease(client, "eth1")
    assert _in_pool(str(addr.ip)), f"client's eth1 got {addr}, outside the pool"
    assert traffic.ping(ctx, "client", ROUTER, count=3), f"client ({addr.ip}) cannot ping router {ROUTER}"
