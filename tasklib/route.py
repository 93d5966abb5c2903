"""Routes a check adds for a while, e.g. a neighbour's route into a network that should stay
closed to it, so the check can try the path."""
from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def temporary(host, dest: str, via: str, dev: str = "eth1", required: bool = False):
    """`ip route replace DEST via VIA dev DEV` on `host` for the `with` block, deleted after it.
    With required=True a route that cannot be added is the check's own error (RuntimeError, no
    verdict); without, its failure is not looked at."""
    route = f"{dest} via {via} dev {dev}"
    res = host.run(f"ip route replace {route}")
    if required and res.rc != 0:
        raise RuntimeError(f"could not add the route {route} on {host.backend.hostname}: {res.stderr.strip()}")
    try:
        yield
    finally:
        host.run(f"ip route del {route}; true")
