"""Routes a check adds for a while, e.g. a neighbour's route into a network that should stay
closed to it, so the check can try the path."""
from __future__ import annotations

from contextlib import contextmanager

from tasklib import _hosts


@contextmanager
def temporary(host, dest: str, via: str, dev: str = "eth1"):
    """`ip route replace DEST via VIA dev DEV` on `host` for the `with` block, deleted after it.
    A route that cannot be added is the check's own error (RuntimeError, no verdict): a path
    that was never there would otherwise read as a path kept closed."""
    route = f"{dest} via {via} dev {dev}"
    res = host.run(f"ip route replace {route}")
    if res.rc != 0:
        raise RuntimeError(f"could not add the route {route} on {_hosts.name(host)}: {res.stderr.strip()}")
    try:
        yield
    finally:
        host.run(f"ip route del {route}; true")
