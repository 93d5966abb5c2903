from fixtures.checks import baseline, requirement


@baseline
def open_everywhere(ctx):
    assert ctx.reachable("node1", 9100), "the starting condition needs tcp/9100 open on management"


@requirement("req-1")
def node2_uses_it(ctx, node2):
    """The service is for the machines on priv, not for node2's one address: node2 fetches the
    page from its own address and from a second, temporary address of 10.100.0.0/24 (a new
    machine on the private network)."""
    addr = ctx.addr("node1", "priv")
    own = ctx.addr("node2", "priv")
    other = own.rsplit(".", 1)[0] + ".77"
    dev = node2.run(f"ip -o -4 addr show | awk '$4 ~ /^{own}\\//{{print $2; exit}}'").stdout.strip()
    assert dev, f"node2 has no interface with its private address {own}"
    added = node2.run(f"ip addr add {other}/32 dev {dev}")
    assert added.rc == 0, f"the check could not add {other} on node2's {dev}: {added.stderr.strip()}"
    try:
        for src in (own, other):
            res = node2.run(f"curl -sS --max-time 10 --interface {src} http://{addr}:9100/")
            who = "node2" if src == own else f"another machine on priv ({src})"
            assert res.rc == 0, f"{who} cannot reach http://{addr}:9100/: {res.stderr.strip()}"
            assert "daily report" in res.stdout, f"node1's tcp/9100 answers {who} with something else"
    finally:
        node2.run(f"ip addr del {other}/32 dev {dev}")


@requirement("req-2")
def blocked_on_management(ctx):
    assert not ctx.reachable("node1", 9100), "tcp/9100 on node1 is reachable from the management network"


@requirement("req-3")
def ssh_kept(ctx):
    assert ctx.reachable("node1", 22), "SSH on node1 is no longer reachable from the management network"


@requirement("req-4")
def local_health_check(node1):
    res = node1.run("curl -sf --max-time 5 http://127.0.0.1:9100/")
    assert res.rc == 0 and "daily report" in res.stdout, "the reporting service does not answer on 127.0.0.1:9100"
