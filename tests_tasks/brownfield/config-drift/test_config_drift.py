"""The client is curl on node1 asking both nodes over the private network, as the load
balancer does."""
import json

from fixtures.checks import baseline, requirement

QUERIES = ["/quote?sku=A100&qty=1", "/quote?sku=B220&qty=9", "/quote?sku=B220&qty=12",
           "/quote?sku=C310&qty=3", "/quote?sku=D405&qty=40", "/items"]
# node1's answers in the starting condition (the reference)
REFERENCE = {
    "/quote?sku=A100&qty=1": {"currency": "EUR", "discount": "0.00", "in_stock": 140, "name": "Rack rail kit",
                              "net": "39.90", "qty": 1, "sku": "A100", "total": "47.48", "vat": "7.58"},
    "/quote?sku=B220&qty=9": {"currency": "EUR", "discount": "0.00", "in_stock": 2300, "name": "1U blanking panel",
                              "net": "40.50", "qty": 9, "sku": "B220", "total": "48.20", "vat": "7.70"},
    "/quote?sku=B220&qty=12": {"currency": "EUR", "discount": "2.70", "in_stock": 2300, "name": "1U blanking panel",
                               "net": "51.30", "qty": 12, "sku": "B220", "total": "61.05", "vat": "9.75"},
    "/quote?sku=C310&qty=3": {"currency": "EUR", "discount": "0.00", "in_stock": 18, "name": "PDU 16A 12-port",
                              "net": "657.00", "qty": 3, "sku": "C310", "total": "781.83", "vat": "124.83"},
    "/quote?sku=D405&qty=40": {"currency": "EUR", "discount": "6.30", "in_stock": 5100,
                               "name": "Cat6a patch cable 2m", "net": "119.70", "qty": 40, "sku": "D405",
                               "total": "142.44", "vat": "22.74"},
    "/items": ["A100", "B220", "C310", "D405"],
}


def _answers(ctx, node1, node: str) -> dict:
    """What a client on the private network (curl on node1) gets from `node`, per query (None: no
    answer)."""
    addr = ctx.addr(node, "priv")
    out = {}
    for q in QUERIES:
        res = node1.run(f"curl -sS --max-time 5 'http://{addr}:8080{q}'")
        try:
            out[q] = json.loads(res.stdout) if res.rc == 0 else None
        except ValueError:
            out[q] = None
    return out


def _differences(got: dict, want: dict) -> str:
    return "; ".join(f"{q}: {json.dumps(got[q], sort_keys=True)}" for q in QUERIES if got[q] != want[q])


@baseline
def nodes_disagree(ctx, node1):
    assert _answers(ctx, node1, "node1") == REFERENCE, "node1 does not give the reference answers"
    node2 = _answers(ctx, node1, "node2")
    assert all(v is not None for v in node2.values()), "node2's catalog does not answer"
    assert node2 != REFERENCE, "node2 already agrees with node1"


@requirement("req-1")
def node2_agrees(ctx, node1):
    ref, got = _answers(ctx, node1, "node1"), _answers(ctx, node1, "node2")
    assert all(v is not None for v in got.values()), \
        f"node2's catalog does not answer every query: {_differences(got, ref)}"
    assert got == ref, f"node2 answers differently from node1: {_differences(got, ref)}"


@requirement("req-2")
def node1_unchanged(ctx, node1):
    got = _answers(ctx, node1, "node1")
    assert got == REFERENCE, f"node1 no longer answers as before: {_differences(got, REFERENCE)}"


@requirement("req-3")
def node2_survives_restart(ctx, node1, node2):
    res = node2.run("systemctl restart catalog.service && for i in $(seq 1 60); do "
                    "curl -sf --max-time 3 'http://127.0.0.1:8080/items' >/dev/null && exit 0; sleep 0.25; done; exit 1")
    assert res.rc == 0, f"node2's catalog does not come back after a restart: {res.stderr.strip()[-300:]}"
    got = _answers(ctx, node1, "node2")
    assert got == REFERENCE, f"after a restart node2 answers differently: {_differences(got, REFERENCE)}"
