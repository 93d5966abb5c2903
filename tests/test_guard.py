"""Guest isolation (lab/guard.py) in the real kernel: two network namespaces stand for guests on
two lab bridges (`ob*` host-side interfaces, as libvirt's bridges are named), and the host runs a
listener on 0.0.0.0 as a stray service would. With each way of installing the rules (nftables;
iptables on iptables-nft and on iptables-legacy), a guest reaches DHCP/DNS/package-cache ports
and nothing else of the host's, and never the other guest through the host. Without the rules
both are reachable, so the test can fail. (The VM test in tests/vm/test_lab_vm.py does the same
from a real guest.)"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from typing import Iterator

import pytest

from lab import addressing, guard

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("ip") or not shutil.which("nft"),
    reason="needs root, iproute2 and nft (network namespaces)")

HOST_A, GUEST_A, HOST_B, GUEST_B = "10.251.0.1", "10.251.0.2", "10.252.0.1", "10.252.0.2"


def sh(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=check)


@pytest.fixture(scope="module")
def guests() -> Iterator[None]:
    sh("sysctl", "-qw", "net.ipv4.ip_forward=1")
    for ns, hveth, host, guest in (("obt-ga", "obtst0", HOST_A, GUEST_A),
                                   ("obt-gb", "obtst1", HOST_B, GUEST_B)):
        sh("ip", "netns", "del", ns, check=False)
        sh("ip", "netns", "add", ns)
        sh("ip", "link", "add", hveth, "type", "veth", "peer", "name", "eth0", "netns", ns)
        sh("ip", "addr", "add", f"{host}/24", "dev", hveth)
        sh("ip", "link", "set", hveth, "up")
        sh("ip", "-n", ns, "addr", "add", f"{guest}/24", "dev", "eth0")
        sh("ip", "-n", ns, "link", "set", "eth0", "up")
        sh("ip", "-n", ns, "link", "set", "lo", "up")
        sh("ip", "-n", ns, "route", "add", "default", "via", host)
    try:
        yield
    finally:
        for ns in ("obt-ga", "obt-gb"):
            sh("ip", "netns", "del", ns, check=False)
        guard.install()  # whatever a test did, the host ends isolated as `lab up` left it


def _listen(bind: str, netns: str | None = None) -> tuple[int, subprocess.Popen | None]:
    """A TCP listener accepting forever: in this process for the host, else in the namespace."""
    if netns is None:
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind((bind, 0))
        srv.listen(16)
        threading.Thread(target=lambda: [c.close() for c, _ in iter(srv.accept, None)],
                         daemon=True).start()
        return srv.getsockname()[1], None
    proc = subprocess.Popen(
        ["ip", "netns", "exec", netns, "python3", "-c",
         "import socket,sys\ns=socket.socket();s.bind(('0.0.0.0',0));s.listen(16)\n"
         "print(s.getsockname()[1],flush=True)\nwhile True: s.accept()[0].close()"],
        stdout=subprocess.PIPE, text=True)
    return int(proc.stdout.readline()), proc


def reach(netns: str, addr: str, port: int) -> str:
    """From a guest: `open`, `refused` (the host answered: not filtered) or `dropped`."""
    code = ("import socket\ntry:\n socket.create_connection((%r,%d),timeout=2);print('open')\n"
            "except ConnectionRefusedError: print('refused')\n"
            "except OSError: print('dropped')" % (addr, port))
    return sh("ip", "netns", "exec", netns, "python3", "-c", code).stdout.strip()


METHODS = [("nft", None), ("iptables", "iptables")]
if shutil.which("iptables-legacy"):
    METHODS.append(("iptables", "iptables-legacy"))


@pytest.mark.parametrize("method,binary", METHODS, ids=[b or m for m, b in METHODS])
def test_a_guest_reaches_only_what_the_lab_offers(guests: None, method: str,
                                                  binary: str | None) -> None:
    host_port, _ = _listen("0.0.0.0")
    peer_port, peer = _listen("0.0.0.0", "obt-gb")
    try:
        guard.remove("nft")
        for b in ("iptables", "iptables-legacy"):
            if shutil.which(b):
                guard.remove("iptables", b)
        # unguarded: the stray service and the other guest are both reachable
        assert reach("obt-ga", HOST_A, host_port) == "open"
        assert reach("obt-ga", GUEST_B, peer_port) == "open"
        guard.install(method, binary or "iptables")
        assert reach("obt-ga", HOST_A, host_port) == "dropped"
        assert reach("obt-ga", GUEST_B, peer_port) == "dropped"
        # what the lab offers passes the filter (open if served here, refused if not)
        for port in (53, addressing.APT_PROXY_PORT):
            assert reach("obt-ga", HOST_A, port) in ("open", "refused")
        # the host still reaches its guests (the harness's SSH; replies are established)
        assert socket.create_connection((GUEST_B, peer_port), timeout=2)
        if method == "iptables":
            guard.remove("iptables", binary or "iptables")
    finally:
        if peer is not None:
            peer.kill()
        guard.install()


def test_doctor_names_missing_isolation_and_the_fix(guests: None) -> None:
    guard.remove("nft")
    try:
        assert "python3 -m lab up" in (guard.problem() or "")
    finally:
        guard.install()
    assert guard.problem() is None

