"""Does a repository host resolve? Asked only on request (`--check-dns`): offline, or when not
asked, the answer is "not checked" rather than a guess."""
from __future__ import annotations

import ipaddress
import socket
import threading
import time
from typing import Callable, Iterable

RESOLVES = "resolves"
NXDOMAIN = "does not resolve"  # the name does not exist: the study's "failed DNS resolution"
LOOKUP_FAILED = "lookup failed"  # resolver unreachable, timeout: says nothing about the name
NOT_CHECKED = "not checked"
NOT_A_NAME = "not a hostname"  # an IP address or a shell variable

Resolver = Callable[[str], str]


def lookup(host: str) -> str:
    """Status of one hostname via the system resolver (may block; see `resolve_all`)."""
    try:
        socket.getaddrinfo(host, None)
        return RESOLVES
    except socket.gaierror as e:
        if e.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
            return NXDOMAIN
        return LOOKUP_FAILED
    except (OSError, UnicodeError):
        return LOOKUP_FAILED


def is_name(host: str) -> bool:
    if not host or "$" in host or "{" in host:
        return False
    try:
        ipaddress.ip_address(host.strip("[]"))
        return False
    except ValueError:
        return True


def resolve_all(hosts: Iterable[str], timeout_s: float = 3.0,
                resolver: Resolver = lookup) -> dict[str, str]:
    """Resolve hosts in parallel with one overall deadline. getaddrinfo has no timeout, so each
    lookup runs in a daemon thread that is simply abandoned when the deadline passes."""
    results: dict[str, str] = {}
    threads: list[threading.Thread] = []
    for host in sorted(set(hosts)):
        if not is_name(host):
            results[host] = NOT_A_NAME
            continue

        def work(h: str = host) -> None:
            results[h] = resolver(h)

        t = threading.Thread(target=work, daemon=True, name=f"dns:{host}")
        t.start()
        threads.append(t)
    deadline = time.monotonic() + timeout_s
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    return {h: results.get(h, LOOKUP_FAILED) for h in sorted(set(hosts))}
