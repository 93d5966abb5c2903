"""Judged by the grown cluster: three synced members, node3 holding the whole shop data, and
rows replicating between node3 and the original members in both directions."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement

NODES = ("node1", "node2", "node3")
DATA_Q = ("SELECT (SELECT COUNT(*) FROM shop.customers), (SELECT COUNT(*) FROM shop.orders), "
          "(SELECT SUM(CRC32(CONCAT_WS('|', id, customer_id, item, qty))) FROM shop.orders)")


def sql(ctx, node, query, timeout=60):
    # the client is `mariadb` (Debian, EL10); fall back to `mysql` where only that name exists
    return ctx.run(node, f"timeout {timeout} \"$(command -v mariadb || echo mysql)\" -N -B -e {shlex.quote(query)}",
                   timeout=timeout + 10)


def status(ctx, node):
    res = sql(ctx, node, "SHOW GLOBAL STATUS LIKE 'wsrep_%'")
    if res.exit_code != 0:
        return None
    return dict(line.split("\t", 1) for line in res.stdout.splitlines() if "\t" in line)


@baseline
def two_node_cluster(ctx):
    for node in ("node1", "node2"):
        st = status(ctx, node) or {}
        assert st.get("wsrep_cluster_size") == "2", f"{node} is not in a two-node cluster"


@requirement("req-1")
def three_synced_members(ctx):
    bad = []
    for node in NODES:
        st = status(ctx, node)
        if st is None:
            bad.append(f"{node}: MariaDB does not answer")
            continue
        got = (st.get("wsrep_cluster_size"), st.get("wsrep_cluster_status"), st.get("wsrep_local_state_comment"))
        if got != ("3", "Primary", "Synced"):
            bad.append(f"{node}: cluster size {got[0]}, status {got[1]}, state {got[2]}")
    assert not bad, "not a synced 3-node Galera cluster: " + "; ".join(bad)


@requirement("req-2")
def node3_has_the_data(ctx):
    want = sql(ctx, "node1", DATA_Q).stdout.split()
    assert want[:2] == ["40", "250"], f"node1 no longer holds the shop data (counts {want[:2]})"
    got = sql(ctx, "node3", DATA_Q)
    assert got.exit_code == 0, f"node3 cannot serve the shop database: {got.stderr.strip()[:300]}"
    assert got.stdout.split() == want, f"node3's shop data differs from node1's ({got.stdout.split()} vs {want})"


@requirement("req-3")
def writes_replicate_with_node3(ctx):
    made = sql(ctx, "node1", "CREATE DATABASE IF NOT EXISTS opsbench_check; "
                             "CREATE TABLE IF NOT EXISTS opsbench_check.probe (v VARCHAR(40) PRIMARY KEY) ENGINE=InnoDB")
    assert made.exit_code == 0, f"cannot create a table on node1: {made.stderr.strip()[:300]}"
    for writer, readers in (("node3", ("node1", "node2")), ("node2", ("node3",))):
        value = f"{writer}-{uuid.uuid4().hex[:12]}"
        res = sql(ctx, writer, f"INSERT INTO opsbench_check.probe VALUES ('{value}')")
        assert res.exit_code == 0, f"a write on {writer} failed: {res.stderr.strip()[:300]}"
        for node in readers:
            for _ in range(10):
                res = sql(ctx, node, "SET SESSION wsrep_sync_wait=1; "
                                     f"SELECT COUNT(*) FROM opsbench_check.probe WHERE v='{value}'")
                if res.exit_code == 0 and res.stdout.strip() == "1":
                    break
                time.sleep(1)
            else:
                raise AssertionError(f"a row written on {writer} is not read on {node}")


def _wait_member(ctx, node, size):
    for _ in range(40):
        st = status(ctx, node) or {}
        if st.get("wsrep_local_state_comment") == "Synced" and st.get("wsrep_cluster_size") == str(size):
            return True
        time.sleep(3)
    return False


def _service(ctx, node, action):
    return ctx.run(node, f"timeout 240 systemctl {action} mariadb.service", timeout=260)


@requirement("req-4")
def originals_rejoin_through_node3(ctx):
    # with node2 down, node1 can only find the cluster through node3; then the same for node2
    # with node1 down. The cluster is whole again at the end.
    try:
        assert _service(ctx, "node2", "stop").exit_code == 0, "cannot stop MariaDB on node2"
        _service(ctx, "node1", "restart")
        assert _wait_member(ctx, "node1", 2), \
            "with node2 down, node1 does not rejoin the cluster after a restart (it does not know node3)"
        assert _service(ctx, "node1", "stop").exit_code == 0, "cannot stop MariaDB on node1"
        _service(ctx, "node2", "start")
        assert _wait_member(ctx, "node2", 2), \
            "with node1 down, node2 does not rejoin the cluster after a restart (it does not know node3)"
    finally:
        for node in ("node1", "node2"):
            if ctx.run(node, "systemctl is-active --quiet mariadb.service").exit_code != 0:
                _service(ctx, node, "start")
