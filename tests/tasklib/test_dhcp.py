"""tasklib.dhcp: the lease script run against real `ip -o` output, and the address read from it."""
import ipaddress
import os
import subprocess

from tasklib import dhcp

# `ip -4 -o addr show dev eth0` of iproute2 6.1.0 (Debian 12's), as printed on a lab host
IP_O = "4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\\       valid_lft forever preferred_lft forever\n"

# what dhcp-server and static-lease-reservation ran as LEASE_SCRIPT before tasklib.dhcp
TASKS_SCRIPT = r"""
networkctl renew eth1 >/dev/null 2>&1 || true
for i in $(seq 1 60); do
  a=$(ip -4 -o addr show dev eth1 | awk '{print $4}' | head -n1)
  if [ -n "$a" ]; then echo "$a"; exit 0; fi
  [ "$i" = 20 ] && networkctl reconfigure eth1 >/dev/null 2>&1
  sleep 1
done
exit 1
"""


def _run(ip_output: str) -> subprocess.CompletedProcess:
    """The script under bash, the guest's ip printing `ip_output`, networkctl and sleep doing nothing."""
    fake = 'ip() { printf "%s" "$IP_O"; }\nnetworkctl() { :; }\nsleep() { :; }\n'
    return subprocess.run(["bash", "-c", fake + dhcp.lease_script("eth1")], capture_output=True, text=True,
                          env={"PATH": os.environ["PATH"], "IP_O": ip_output}, timeout=30)


def test_the_eth1_script_is_the_one_the_tasks_ran():
    assert dhcp.lease_script("eth1") == TASKS_SCRIPT


def test_an_address_is_printed_and_read_with_its_prefix():
    res = _run(IP_O)
    assert res.returncode == 0
    assert dhcp.address(res.stdout) == ipaddress.ip_interface("192.0.2.2/24")


def test_no_address_within_the_minute_fails():
    assert _run("").returncode == 1
