from fixtures.checks import baseline, requirement


@baseline
def open_everywhere(ctx):
    assert ctx.reachable("node1", 9100), "the starting condition needs tcp/9100 open on management"


@requirement("req-1")
def node2_uses_it(ctx):
    addr = ctx.addr("node1", "priv")
    res = ctx.run("node2", f"curl -sS --max-time 10 http://{addr}:9100/")
    assert res.exit_code == 0, f"node2 cannot reach http://{addr}:9100/: {res.stderr.strip()}"
    assert "daily report" in res.stdout, "node1's tcp/9100 answers node2 with something else"


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
