"""Guest isolation (lab/guard.py) in the real kernel: network namespaces stand for guests on lab
networks (`ob*` host-side interfaces, as libvirt's bridges are named), and the host runs a
listener on 0.0.0.0 as a stray service would. With each way of installing the rules (nftables;
iptables on iptables-nft and on iptables-legacy), a guest reaches DHCP/DNS/package-cache ports
and nothing else of the host's; without the rules it reaches the listener, so the test can fail.
Two guests on one lab bridge still talk, also with br_netfilter passing bridged frames through
the host's IP hooks. (The VM tests in tests/vm/ do the same from real guests.)"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from pathlib import Path
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
        assert reach("obt-ga", HOST_A, host_port) == "open"  # unguarded: the stray service answers
        guard.install(method, binary or "iptables")
        assert reach("obt-ga", HOST_A, host_port) == "dropped"
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


@pytest.fixture
def one_bridge() -> Iterator[None]:
    """Two guests on one lab bridge, br_netfilter passing the bridge's frames to the IP hooks."""
    sh("ip", "link", "add", "obtbr0", "type", "bridge")
    sh("ip", "link", "set", "obtbr0", "up")
    for ns, veth, addr in (("obt-bx", "obtbx", "10.253.0.2/24"), ("obt-by", "obtby", "10.253.0.3/24")):
        sh("ip", "netns", "del", ns, check=False)
        sh("ip", "netns", "add", ns)
        sh("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns)
        sh("ip", "link", "set", veth, "master", "obtbr0", "up")
        sh("ip", "-n", ns, "addr", "add", addr, "dev", "eth0")
        sh("ip", "-n", ns, "link", "set", "eth0", "up")
    netfilter = Path("/proc/sys/net/bridge/bridge-nf-call-iptables")
    before = netfilter.read_text().strip() if netfilter.exists() else None
    if before is not None:
        netfilter.write_text("1")
    try:
        yield
    finally:
        if before is not None:
            netfilter.write_text(before)
        for ns in ("obt-bx", "obt-by"):
            sh("ip", "netns", "del", ns, check=False)
        sh("ip", "link", "del", "obtbr0", check=False)


def test_guests_on_one_lab_bridge_still_talk(one_bridge: None) -> None:
    guard.install()
    port, peer = _listen("0.0.0.0", "obt-by")
    try:
        assert reach("obt-bx", "10.253.0.3", port) == "open"
    finally:
        peer.kill()


def test_doctor_names_missing_isolation_and_the_fix(guests: None) -> None:
    guard.remove("nft")
    try:
        assert "python3 -m lab up" in (guard.problem() or "")
    finally:
        guard.install()
    assert guard.problem() is None

