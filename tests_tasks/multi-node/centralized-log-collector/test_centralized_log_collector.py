import time
import uuid

from fixtures.checks import requirement

REMOTE_LOG = "/var/log/remote/node1.log"


def _wait_for(ctx, node, marker, seconds):
    deadline = time.time() + seconds
    while True:
        if ctx.run(node, f"grep -qF {marker} {REMOTE_LOG}").exit_code == 0:
            return True
        if time.time() > deadline:
            return False
        time.sleep(5)


@requirement("req-1")
def node1_messages_arrive(ctx):
    marker = f"obcheck-{uuid.uuid4().hex[:12]}"
    assert ctx.run("node1", f"logger -t opsbench -p user.notice {marker}").exit_code == 0, \
        "logger failed on node1"
    assert _wait_for(ctx, "node2", marker, 75), \
        f"a message logged on node1 ({marker}) did not appear in {REMOTE_LOG} on node2"
    # a second facility/priority arrives too (everything is forwarded, not only user.*)
    marker2 = f"obcheck-{uuid.uuid4().hex[:12]}"
    ctx.run("node1", f"logger -t opsbench -p daemon.warning {marker2}")
    assert _wait_for(ctx, "node2", marker2, 45), \
        f"a daemon.warning message from node1 ({marker2}) did not reach {REMOTE_LOG} on node2"


@requirement("req-2")
def only_node1_in_file(ctx):
    own = f"obcheck-own-{uuid.uuid4().hex[:12]}"
    ctx.run("node2", f"logger -t opsbench {own}")
    time.sleep(8)
    res = ctx.run("node2", f"grep -F {own} {REMOTE_LOG}")
    assert res.exit_code != 0, f"node2's own message ({own}) was written to {REMOTE_LOG}"
    # the file must exist and be the collection point at all
    probe = f"obcheck-{uuid.uuid4().hex[:12]}"
    ctx.run("node1", f"logger -t opsbench {probe}")
    assert _wait_for(ctx, "node2", probe, 60), f"{REMOTE_LOG} on node2 does not collect node1's messages"


@requirement("req-3")
def not_on_management(ctx):
    assert not ctx.reachable("node2", 514), "tcp/514 on node2 is reachable from the management network"


@requirement("req-4")
def local_logging_kept(ctx):
    marker = f"obcheck-local-{uuid.uuid4().hex[:12]}"
    ctx.run("node1", f"logger -t opsbench {marker}")
    res = ctx.run("node1", f"for i in $(seq 10); do journalctl -q --no-pager -t opsbench -n 500 "
                           f"| grep -F {marker} && exit 0; sleep 1; done; exit 1")
    assert res.exit_code == 0, "node1's journal no longer records its own messages"


@requirement("req-5")
def forwarded_over_tcp(ctx):
    """The transfer itself, not only its result: while node1's messages arrive, node2 holds an
    established TCP connection on port 514 from node1's private address (UDP has none)."""
    marker = f"obcheck-tcp-{uuid.uuid4().hex[:12]}"
    assert ctx.run("node1", f"logger -t opsbench {marker}").exit_code == 0, "logger failed on node1"
    assert _wait_for(ctx, "node2", marker, 75), \
        f"a message logged on node1 ({marker}) did not appear in {REMOTE_LOG} on node2"
    peer = ctx.addr("node1", "priv")
    res = ctx.run("node2", "ss -Htn state established '( sport = :514 )'")
    assert res.exit_code == 0, f"ss failed on node2: {res.stderr.strip()}"
    # columns: Recv-Q Send-Q Local:Port Peer:Port ([::ffff:a.b.c.d]:port on a dual-stack socket)
    peers = [line.split()[3].rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:")
             for line in res.stdout.splitlines() if len(line.split()) >= 4]
    assert peer in peers, (f"node1's messages reach node2, but not over a TCP connection to port 514 from "
                           f"node1's private address {peer} (TCP peers on 514: {peers or 'none'})")
