"""Judged by what the kernel has loaded (/proc/modules) after real load attempts: an explicit
modprobe, and a DCCP socket (the kernel then asks modprobe for the protocol's module alias)."""
from fixtures.checks import baseline, requirement

DCCP = ("dccp", "dccp_ipv4", "dccp_ipv6", "dccp_diag")
# SOCK_DCCP = 6, IPPROTO_DCCP = 33 (Python's socket module has no names for them)
SOCKET = "python3 -c 'import socket; socket.socket(socket.AF_INET, 6, 33); print(\"opened\")'"


def loaded(node1) -> list[str]:
    mods = [line.split()[0] for line in node1.run("cat /proc/modules").stdout.splitlines()]
    return [m for m in mods if m in DCCP]


def unload(node1) -> None:
    node1.run("for m in dccp_diag dccp_ipv6 dccp_ipv4 dccp; do rmmod $m 2>/dev/null; done; true")


@baseline
def dccp_loaded(node1):
    assert "dccp" in loaded(node1), "dccp is not loaded after prepare"


@requirement("req-1")
def not_loaded(node1):
    assert not loaded(node1), f"loaded on node1: {', '.join(loaded(node1))}"


@requirement("req-2")
def explicit_load_refused(node1):
    unload(node1)
    node1.run("modprobe dccp; modprobe dccp_ipv4; true")
    now = loaded(node1)
    unload(node1)
    assert not now, f"modprobe loaded {', '.join(now)}"


@requirement("req-3")
def socket_autoload_refused(node1):
    unload(node1)
    res = node1.run(SOCKET)
    now = loaded(node1)
    unload(node1)
    assert not now, f"opening a DCCP socket loaded {', '.join(now)}"
    assert res.rc != 0 and "opened" not in res.stdout, "a DCCP socket could be opened"


@requirement("req-4")
def other_modules_load(node1):
    res = node1.run("modprobe sctp && grep -q '^sctp ' /proc/modules")
    node1.run("modprobe -r sctp 2>/dev/null; true")
    assert res.rc == 0, f"the sctp module cannot be loaded any more: {res.stderr.strip()}"
