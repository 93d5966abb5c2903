"""DHCP seen from a client: the lease the client's own DHCP client takes."""
from __future__ import annotations

import ipaddress

from tasklib import _hosts


def lease_script(iface: str) -> str:
    """Asks the node's DHCP client (systemd-networkd) to renew on `iface`, reconfigures the link
    after 20 s without an address, and prints the first IPv4 address/prefix `iface` holds within
    a minute (exit 1 when none)."""
    return (f"\nnetworkctl renew {iface} >/dev/null 2>&1 || true\n"
            "for i in $(seq 1 60); do\n"
            f"  a=$(ip -4 -o addr show dev {iface} | awk '{{print $4}}' | head -n1)\n"
            '  if [ -n "$a" ]; then echo "$a"; exit 0; fi\n'
            f'  [ "$i" = 20 ] && networkctl reconfigure {iface} >/dev/null 2>&1\n'
            "  sleep 1\n"
            "done\n"
            "exit 1\n")


def address(stdout: str) -> ipaddress.IPv4Interface:
    """The address/prefix lease_script printed (its last line)."""
    return ipaddress.ip_interface(stdout.strip().splitlines()[-1])


def lease(host, iface: str = "eth1") -> ipaddress.IPv4Interface:
    """The address (with its prefix) `host`'s own DHCP client holds on `iface` after a renew,
    waiting up to a minute; an AssertionError names the node when it gets none."""
    res = host.run(lease_script(iface))
    assert res.rc == 0, f"{_hosts.name(host)}'s {iface} got no address by DHCP within a minute"
    return address(res.stdout)
