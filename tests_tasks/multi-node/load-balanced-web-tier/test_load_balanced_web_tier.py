import re
import time

from fixtures.checks import baseline, requirement

N = 8


def _hits(ctx, node1, n=N):
    """Backends that answered n successive requests to the load balancer (None: a failed request)."""
    lb = ctx.addr("node1", "priv")
    res = node1.run(f"for i in $(seq {n}); do curl -s --max-time 10 http://{lb}/ "
                    "| grep -o 'served by node[0-9]' || echo FAILED; done")
    out = []
    for line in res.stdout.split("\n"):
        m = re.search(r"served by (node\d)", line)
        if m:
            out.append(m.group(1))
        elif "FAILED" in line:
            out.append(None)
    return out


@baseline
def backends_up(node2, node3):
    for h in (node2, node3):
        assert h.run("curl -sf http://127.0.0.1:8080/").rc == 0, "a backend is down before the task"


@requirement("req-1")
def spread_over_both(ctx, node1):
    hits = _hits(ctx, node1)
    assert None not in hits and len(hits) == N, f"requests to http://{ctx.addr('node1', 'priv')}/ fail: {hits}"
    for b in ("node2", "node3"):
        assert hits.count(b) >= 2, f"requests are not spread over both backends: {hits}"


@requirement("req-2")
def survives_backend_failure(ctx, node1, node2):
    node2.check_output("systemctl stop shop.service")
    try:
        time.sleep(2)
        hits = _hits(ctx, node1)
        assert len(hits) == N and all(h == "node3" for h in hits), \
            f"with node2's application down, requests get: {hits} (None = failed request)"
    finally:
        node2.run("systemctl start shop.service")


@requirement("req-3")
def backend_returns(ctx, node1, node3):
    node3.run("systemctl stop shop.service")
    try:
        time.sleep(2)
        _hits(ctx, node1, 4)
    finally:
        node3.run("systemctl start shop.service; for i in $(seq 50); do "
                  "curl -sf http://127.0.0.1:8080/ >/dev/null && break; sleep 0.2; done")
    deadline, hits = time.time() + 60, []
    while time.time() < deadline:
        hits = _hits(ctx, node1, 6)
        if "node3" in hits and None not in hits:
            return
        time.sleep(5)
    raise AssertionError(f"node3 came back but gets no requests from the load balancer within a minute: {hits}")


@requirement("req-4")
def backends_unchanged(node2, node3):
    for node, host in (("node2", node2), ("node3", node3)):
        res = host.run("curl -sf --max-time 5 http://127.0.0.1:8080/")
        assert res.rc == 0 and f"served by {node}" in res.stdout, \
            f"the shop application on {node} no longer answers on port 8080"
