"""Why the lab lost SSH to a node: the guest is down (an infrastructure error), or the guest is
alive and shuts the lab out itself (sshd stopped, a firewall dropping tcp/22). An agent that
locks the harness out has failed its task; it must not be retried as if the testbed broke.

Alive is only claimed on positive proof: a TCP reset from the guest's kernel, or an ARP answer
for its management address just after SSH went unanswered (firewalls do not filter ARP).
Anything else — a crashed or paused domain, silence — is "can't tell" and stays infrastructure.
"""
from __future__ import annotations

import json
import socket
import subprocess
import time

import libvirt


def _neighbour_state(ip: str) -> set[str]:
    out = subprocess.run(["ip", "-j", "neigh", "show", ip], capture_output=True, text=True).stdout
    try:
        return {s for entry in json.loads(out or "[]") for s in entry.get("state", [])}
    except ValueError:
        return set()


def guest_shuts_lab_out(dom: libvirt.virDomain, ip: str, port: int = 22, wait_s: float = 12.0) -> str | None:
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
    return None
