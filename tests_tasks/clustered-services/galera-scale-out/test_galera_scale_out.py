"""Judged by the grown cluster: three synced members, node3 holding the whole shop data, and
rows replicating between node3 and the original members in both directions."""
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib import galera

DATA_Q = ("SELECT (SELECT COUNT(*) FROM shop.customers), (SELECT COUNT(*) FROM shop.orders), "
          "(SELECT SUM(CRC32(CONCAT_WS('|', id, customer_id, item, qty))) FROM shop.orders)")
PROBE_TABLE = ("CREATE DATABASE IF NOT EXISTS opsbench_check; CREATE TABLE IF NOT EXISTS "
               "opsbench_check.probe (v VARCHAR(40) PRIMARY KEY) ENGINE=InnoDB")


@baseline
def two_node_cluster(node1, node2):
    for host in (node1, node2):
        st = galera.status(host) or {}
        assert st.get("wsrep_cluster_size") == "2", f"{host.backend.hostname} is not in a two-node cluster"


@requirement("req-1")
def three_synced_members(node1, node2, node3):
    bad = galera.unsynced([node1, node2, node3])
    assert not bad, "not a synced 3-node Galera cluster: " + "; ".join(bad)


@requirement("req-2")
def node3_has_the_data(node1, node3):
    want = galera.query(node1, DATA_Q).stdout.split()
    assert want[:2] == ["40", "250"], f"node1 no longer holds the shop data (counts {want[:2]})"
    got = galera.query(node3, DATA_Q)
    assert got.rc == 0, f"node3 cannot serve the shop database: {got.stderr.strip()[:300]}"
    assert got.stdout.split() == want, f"node3's shop data differs from node1's ({got.stdout.split()} vs {want})"


@requirement("req-3")
def writes_replicate_with_node3(node1, node2, node3):
    made = galera.query(node1, PROBE_TABLE)
    assert made.rc == 0, f"cannot create a table on node1: {made.stderr.strip()[:300]}"
    for writer, readers in ((node3, [node1, node2]), (node2, [node3])):
        name = writer.backend.hostname
        value = f"{name}-{uuid.uuid4().hex[:12]}"
        res = galera.query(writer, f"INSERT INTO opsbench_check.probe VALUES ('{value}')")
        assert res.rc == 0, f"a write on {name} failed: {res.stderr.strip()[:300]}"
        missing = galera.read_on_each(readers, f"SELECT COUNT(*) FROM opsbench_check.probe WHERE v='{value}'", "1")
        assert not missing, f"a row written on {name} is not read on {', '.join(missing)}"


def _wait_member(host, size):
    """Whether the node becomes a synced member of a cluster of `size` within 40 tries."""
    for _ in range(40):
        st = galera.status(host) or {}
        if st.get("wsrep_local_state_comment") == "Synced" and st.get("wsrep_cluster_size") == str(size):
            return True
        time.sleep(3)
    return False


def _service(ctx, node, action):
    return ctx.run(node, f"timeout 240 systemctl {action} mariadb.service", timeout=260)


@requirement("req-4")
def originals_rejoin_through_node3(ctx, node1, node2):
    # with node2 down, node1 can only find the cluster through node3; then the same for node2
    # with node1 down. The cluster is whole again at the end.
    try:
        assert _service(ctx, "node2", "stop").exit_code == 0, "cannot stop MariaDB on node2"
        _service(ctx, "node1", "restart")
        assert _wait_member(node1, 2), \
            "with node2 down, node1 does not rejoin the cluster after a restart (it does not know node3)"
        assert _service(ctx, "node1", "stop").exit_code == 0, "cannot stop MariaDB on node1"
        _service(ctx, "node2", "start")
        assert _wait_member(node2, 2), \
            "with node1 down, node2 does not rejoin the cluster after a restart (it does not know node3)"
    finally:
        for host in (node1, node2):
            if host.run("systemctl is-active --quiet mariadb.service").rc != 0:
                _service(ctx, host.backend.hostname, "start")
