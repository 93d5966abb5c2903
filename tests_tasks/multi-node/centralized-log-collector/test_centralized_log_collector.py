import time
import uuid

from fixtures.checks import requirement

REMOTE_LOG = "/var/log/remote/node1.log"


def _wait_for(host, marker, seconds):
    deadline = time.time() + seconds
    while True:
        if host.run(f"grep -qF {marker} {REMOTE_LOG}").rc == 0:
            return True
        if time.time() > deadline:
            return False
        time.sleep(5)


@requirement("req-1")
def node1_messages_arrive(node1, node2):
    marker = f"obcheck-{uuid.uuid4().hex[:12]}"
    assert node1.run(f"logger -t opsbench -p user.notice {marker}").rc == 0, "logger failed on node1"
    assert _wait_for(node2, marker, 75), \
        f"a message logged on node1 ({marker}) did not appear in {REMOTE_LOG} on node2"
    # a second facility/priority arrives too (everything is forwarded, not only user.*)
    marker2 = f"obcheck-{uuid.uuid4().hex[:12]}"
    node1.run(f"logger -t opsbench -p daemon.warning {marker2}")
    assert _wait_for(node2, marker2, 45), \
        f"a daemon.warning message from node1 ({marker2}) did not reach {REMOTE_LOG} on node2"


@requirement("req-2")
def only_node1_in_file(node1, node2):
    own = f"obcheck-own-{uuid.uuid4().hex[:12]}"
    node2.run(f"logger -t opsbench {own}")
    time.sleep(8)
    res = node2.run(f"grep -F {own} {REMOTE_LOG}")
    assert res.rc != 0, f"node2's own message ({own}) was written to {REMOTE_LOG}"
    # the file must exist and be the collection point at all
    probe = f"obcheck-{uuid.uuid4().hex[:12]}"
    node1.run(f"logger -t opsbench {probe}")
    assert _wait_for(node2, probe, 60), f"{REMOTE_LOG} on node2 does not collect node1's messages"


@requirement("req-3")
def not_on_management(ctx):
    assert not ctx.reachable("node2", 514), "tcp/514 on node2 is reachable from the management network"


@requirement("req-4")
def local_logging_kept(node1):
    marker = f"obcheck-local-{uuid.uuid4().hex[:12]}"
    node1.run(f"logger -t opsbench {marker}")
    res = node1.run(f"for i in $(seq 10); do journalctl -q --no-pager -t opsbench -n 500 "
                    f"| grep -F {marker} && exit 0; sleep 1; done; exit 1")
    assert res.rc == 0, "node1's journal no longer records its own messages"


@requirement("req-5")
def forwarded_over_tcp(ctx, node1, node2):
    """The transfer itself, not only its result: while node1's messages arrive, node2 holds an
    established TCP connection on port 514 from node1's private address (UDP has none)."""
    marker = f"obcheck-tcp-{uuid.uuid4().hex[:12]}"
    assert node1.run(f"logger -t opsbench {marker}").rc == 0, "logger failed on node1"
    assert _wait_for(node2, marker, 75), \
        f"a message logged on node1 ({marker}) did not appear in {REMOTE_LOG} on node2"
    peer = ctx.addr("node1", "priv")
    established = node2.check_output("ss -Htn state established '( sport = :514 )'")
    # columns: Recv-Q Send-Q Local:Port Peer:Port ([::ffff:a.b.c.d]:port on a dual-stack socket)
    peers = [line.split()[3].rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:")
             for line in established.splitlines() if len(line.split()) >= 4]
    assert peer in peers, (f"node1's messages reach node2, but not over a TCP connection to port 514 from "
                           f"node1's private address {peer} (TCP peers on 514: {peers or 'none'})")
