"""Judged by DHCP traffic on lan: a DISCOVER from client's interface and what router offers
(pool, gateway and DNS options, lease time); then client's own DHCP client really takes a
lease and reaches the router with it."""
import ipaddress

from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import dhcp

ROUTER = "10.10.1.1"
POOL = (ipaddress.ip_address("10.10.1.100"), ipaddress.ip_address("10.10.1.200"))

def _offer(ctx):
    o = traffic.dhcp_offer(ctx, "client", "eth1", timeout=10)
    if o.result != "offer":
        o = traffic.dhcp_offer(ctx, "client", "eth1", timeout=15)
    return o


@baseline
def no_dhcp_server_yet(ctx):
    o = traffic.dhcp_offer(ctx, "client", "eth1", timeout=5)
    assert o.result == "timeout", f"something already offers addresses on lan: {o}"


@requirement("req-1")
def offer_from_the_pool(ctx):
    traffic.settled(ctx)
    o = _offer(ctx)
    assert o.result == "offer", "nobody answers a DHCP request on lan"
    assert o.server == ROUTER, f"the offer comes from {o.server}, not from router ({ROUTER})"
    assert POOL[0] <= ipaddress.ip_address(o.address) <= POOL[1], \
        f"the offered address {o.address} is outside the pool 10.10.1.100-10.10.1.200"


@requirement("req-2")
def gateway_and_dns_options(ctx):
    traffic.settled(ctx)
    o = _offer(ctx)
    assert o.result == "offer", "nobody answers a DHCP request on lan"
    assert o.router == (ROUTER,), f"the offer names {list(o.router) or 'no'} default gateway, not {ROUTER}"
    assert o.dns == ("10.10.1.53",), f"the offer names DNS servers {list(o.dns)}, not 10.10.1.53"


@requirement("req-3")
def lease_time(ctx):
    traffic.settled(ctx)
    o = _offer(ctx)
    assert o.result == "offer", "nobody answers a DHCP request on lan"
    assert o.lease_s == 12 * 3600, f"the offered lease lasts {o.lease_s} s, not 12 hours (43200 s)"


@requirement("req-4")
def client_gets_a_lease(ctx, client):
    traffic.settled(ctx)
    addr = dhcp.lease(client, "eth1")
    assert POOL[0] <= addr.ip <= POOL[1], f"client's eth1 got {addr}, outside the pool"
    assert addr.network == ipaddress.ip_network("10.10.1.0/24"), f"client's eth1 got {addr}: wrong netmask"
    assert traffic.ping(ctx, "client", ROUTER, count=3), f"client ({addr.ip}) cannot ping router {ROUTER}"
