"""etcd: etcdctl (API v3) on a node against any client endpoints, and waiting for an endpoint."""
from __future__ import annotations

import time

from tasklib import _hosts


def etcdctl(host, endpoints: str, args: str):
    """`etcdctl <args>` run on `host` against `endpoints` (comma-separated client URLs): its
    CommandResult, failed or not. The dial and command timeouts keep it short when no member
    answers."""
    return host.run(f"ETCDCTL_API=3 etcdctl --dial-timeout=5s --command-timeout=15s --endpoints={endpoints} {args}")


def wait_healthy(host, endpoint: str, seconds: float) -> None:
    """Until `endpoint health` through `endpoint` (the node's own client URL), run on `host`,
    succeeds; an AssertionError naming the node when it does not within `seconds`."""
    deadline = time.time() + seconds
    while True:
        res = etcdctl(host, endpoint, "endpoint health")
        if res.rc == 0:
            return
        assert time.time() < deadline, \
            f"{_hosts.name(host)}'s etcd endpoint is not healthy: {(res.stderr or res.stdout).strip()[-300:]}"
        time.sleep(5)
