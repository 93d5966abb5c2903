import hashlib

from fixtures.checks import baseline, requirement

CONTENT = "inventory v1\nrack-a: 12 servers\nrack-b: 9 servers\n"


@baseline
def app_answers_locally(node1):
    assert node1.run("curl -sf --max-time 5 http://127.0.0.1:8080/").rc == 0, "inventory is not running"


@requirement("req-1")
def reachable_from_node2(node2):
    res = node2.run("curl -sS --max-time 10 http://inventory.internal:8080/")
    assert res.rc == 0, f"node2 cannot fetch http://inventory.internal:8080/: {res.stderr.strip()}"
    assert "inventory v1" in res.stdout, "inventory.internal:8080 answers with something else"


@requirement("req-2")
def not_on_management(ctx):
    assert not ctx.reachable("node1", 8080), "tcp/8080 is open on node1's management address"


@requirement("req-3")
def data_unchanged(node1):
    page = node1.file("/srv/inventory/index.html")
    assert page.exists, "/srv/inventory/index.html is gone"
    assert page.sha256sum == hashlib.sha256(CONTENT.encode()).hexdigest(), "the inventory data changed"
