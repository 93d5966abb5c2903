"""Why the lab lost SSH to a node: the guest is down (an infrastructure error), or the guest is
alive and shuts the lab out itself (sshd stopped, a firewall dropping tcp/22, its management
interface taken down). An agent that locks the harness out has failed its task; it must not be
retried as if the testbed broke.

Alive is only claimed on positive proof: a TCP reset from the guest's kernel, an ARP answer for
its management address just after SSH went unanswered (firewalls do not filter ARP), or — when
the network is silent — the guest's own getty answering a keystroke on its serial console while
the host's side of its link is up. Anything else — a crashed or paused domain, silence
everywhere — is "can't tell" and stays infrastructure.
"""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import libvirt


# What a guest's shell says when it can start no process: its process table or memory is full.
_EXHAUSTED = re.compile(r"cannot fork|fork: retry|fork: resource temporarily unavailable|"
                        r"cannot allocate memory|out of memory", re.IGNORECASE)


def exhausted(error: str) -> str | None:
    """How a guest that answers the lab cannot run its probe for want of processes or memory
    (a fork bomb, a memory hog: what ran inside it), or None."""
    found = _EXHAUSTED.search(error or "")
    return (f"the guest answers but cannot start processes ({found.group(0)}): its process "
            f"table or memory is exhausted") if found else None


def _neighbour_state(ip: str) -> set[str]:
    out = subprocess.run(["ip", "-j", "neigh", "show", ip], capture_output=True, text=True).stdout
    try:
        return {s for entry in json.loads(out or "[]") for s in entry.get("state", [])}
    except ValueError:
        return set()


def _xml(dom: libvirt.virDomain) -> ET.Element | None:
    try:
        return ET.fromstring(dom.XMLDesc(0))
    except (libvirt.libvirtError, ET.ParseError):
        return None


def _host_link_up(dom: libvirt.virDomain, network: str) -> bool:
    """The host's side of the guest's NIC on `network` is up and in its bridge: a silence on
    that link is the guest's, not the host's."""
    root = _xml(dom)
    for nic in root.iter("interface") if root is not None else ():
        src, tgt = nic.find("source"), nic.find("target")
        if src is None or tgt is None or src.get("network") != network:
            continue
        tap = Path("/sys/class/net") / str(tgt.get("dev"))
        try:
            state = (tap / "operstate").read_text().strip()
            bridge = (tap / "master").resolve().name
            bridge_state = (Path("/sys/class/net") / bridge / "operstate").read_text().strip()
        except OSError:
            return False
        return state in ("up", "unknown") and bridge_state in ("up", "unknown")
    return False


def console_answers(dom: libvirt.virDomain, wait_s: float = 8.0) -> bool:
    """A carriage return typed on the guest's serial console brings a new login prompt from its
    getty: its userland runs. (It types no credentials.) QEMU reads a pty only while someone
    holds it open, so the host end stays open while the guest answers, and the answer is read
    there."""
    root = _xml(dom)
    src = root.find("./devices/serial/source") if root is not None else None
    pty = src.get("path") if src is not None else None
    if not pty:
        return False
    try:
        fd = os.open(pty, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        time.sleep(1.5)  # QEMU looks for a peer on its pty about once a second
        os.write(fd, b"\r")
        said, deadline = b"", time.monotonic() + wait_s
        while time.monotonic() < deadline and b"login:" not in said:
            time.sleep(0.25)
            try:
                said += os.read(fd, 65536)
            except BlockingIOError:
                continue
        return b"login:" in said
    except OSError:
        return False
    finally:
        os.close(fd)


def guest_shuts_lab_out(dom: libvirt.virDomain, ip: str, port: int = 22, wait_s: float = 12.0,
                        network: str | None = None) -> str | None:
    """A description of how the running guest refuses the lab, or None when it may be down.
    For a local hypervisor (the lab host is on the management bridge)."""
    try:
        if dom.state()[0] != libvirt.VIR_DOMAIN_RUNNING:
            return None
    except libvirt.libvirtError:
        return None
    # forget what the kernel knew (an entry stays REACHABLE for up to 45 s after the guest
    # last answered): only an answer to a fresh ARP request counts
    if subprocess.run(["ip", "neigh", "flush", "to", ip], capture_output=True).returncode != 0:
        return None
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            socket.create_connection((ip, port), timeout=1).close()
            return None  # the port answers: not shut out (a slow sshd is not the agent's doing)
        except ConnectionRefusedError:
            return f"the guest refuses tcp/{port} (connection reset): nothing listens there"
        except OSError:
            pass
        # the SYN just sent made the kernel ask ARP afresh: an answer proves the guest runs
        if "REACHABLE" in _neighbour_state(ip):
            return f"the guest answers ARP for {ip} but drops tcp/{port}: a firewall on the guest"
    if network and _host_link_up(dom, network) and console_answers(dom):
        return (f"the guest answers on its serial console but not at {ip} (no ARP, no tcp/{port}) "
                "while the host's side of its link is up: its network was cut from inside "
                "(an interface taken down, its address or routes removed)")
    return None
