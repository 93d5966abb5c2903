"""Judged from outside the node, as "reachable from other machines" means: the lab host opens
TCP connections to node1's management address (ctx.reachable)."""
from fixtures.checks import baseline, requirement

SPARE_PORT = 7411  # a port nobody uses: the check opens a listener there to test the default


@baseline
def services_reachable_before(ctx):
    assert ctx.reachable("node1", 8080) and ctx.reachable("node1", 9090), \
        "the starting condition needs 8080 and 9090 open"


@requirement("req-1")
def ssh_and_app_reachable(ctx):
    closed = [p for p in (22, 8080) if not ctx.reachable("node1", p)]
    assert not closed, f"blocked from other machines: tcp/{', tcp/'.join(map(str, closed))}"


@requirement("req-2")
def debug_console_blocked(ctx):
    assert not ctx.reachable("node1", 9090), "the debug console tcp/9090 is reachable from other machines"


@requirement("req-3")
def other_ports_blocked(ctx, node1):
    # listen on a spare port for a few seconds: only a default-deny policy blocks it
    started = node1.run(f"setsid timeout 20 nc -lk {SPARE_PORT} >/dev/null 2>&1 < /dev/null & "
                        f"for i in $(seq 50); do ss -Hltn 'sport = :{SPARE_PORT}' | grep -q . && exit 0; "
                        "sleep 0.1; done; exit 1")
    assert started.rc == 0, f"could not open a test listener on tcp/{SPARE_PORT}"
    try:
        assert not ctx.reachable("node1", SPARE_PORT), \
            f"tcp/{SPARE_PORT} is reachable: the firewall does not block other ports by default"
    finally:
        node1.run(f"pkill -f '^nc -lk {SPARE_PORT}' || true")


@requirement("req-4")
def debug_console_runs_locally(node1):
    res = node1.run("curl -sf --max-time 5 http://127.0.0.1:9090/")
    assert res.rc == 0 and "debug console" in res.stdout, "the debug console does not answer on node1"
