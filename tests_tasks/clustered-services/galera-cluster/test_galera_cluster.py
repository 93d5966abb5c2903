"""Judged by what the cluster does: every node reports a synced 3-member primary component, the
original data is on every node, and rows written on one node are read on the others."""
import uuid

from fixtures.checks import baseline, requirement
from tasklib import galera

# the shop data prepare.sh created on node1: row counts and a content checksum
DATA_Q = ("SELECT (SELECT COUNT(*) FROM shop.customers), (SELECT COUNT(*) FROM shop.orders), "
          "(SELECT SUM(CRC32(CONCAT_WS('|', id, customer_id, item, qty))) FROM shop.orders)")
PROBE_TABLE = ("CREATE DATABASE IF NOT EXISTS opsbench_check; CREATE TABLE IF NOT EXISTS "
               "opsbench_check.probe (v VARCHAR(40) PRIMARY KEY) ENGINE=InnoDB")


@baseline
def node1_serves_shop_standalone(node1):
    assert galera.row(node1, DATA_Q)[:2] == ["40", "250"], "node1 does not serve the shop data"


@requirement("req-1")
def three_synced_members(node1, node2, node3):
    bad = galera.unsynced([node1, node2, node3])
    assert not bad, "not a synced 3-node Galera cluster: " + "; ".join(bad)


@requirement("req-2")
def shop_data_everywhere(node1, node2, node3):
    want = galera.row(node1, DATA_Q)
    assert want[:2] == ["40", "250"], f"node1 no longer holds the original shop data (counts {want[:2]})"
    for host in (node2, node3):
        got = galera.row(host, DATA_Q)
        assert got == want, f"{host.backend.hostname}: the shop data differs from node1's ({got} vs {want})"


@requirement("req-3")
def writes_replicate_both_ways(node1, node2, node3):
    galera.rows(node1, PROBE_TABLE)
    for writer, readers in ((node1, [node2, node3]), (node3, [node1, node2])):
        value = f"{writer.backend.hostname}-{uuid.uuid4().hex[:12]}"
        galera.rows(writer, f"INSERT INTO opsbench_check.probe VALUES ('{value}')")
        missing = galera.read_on_each(readers, f"SELECT COUNT(*) FROM opsbench_check.probe WHERE v='{value}'", "1")
        assert not missing, f"a row written on {writer.backend.hostname} is not read on {', '.join(missing)}"


@requirement("req-4")
def cluster_traffic_on_private_network(ctx, hosts):
    priv = {ctx.addr(n, "priv") for n in hosts}
    for name, host in hosts.items():
        st = galera.status(host) or {}
        incoming = [a.rsplit(":", 1)[0] for a in st.get("wsrep_incoming_addresses", "").split(",") if a]
        assert incoming and set(incoming) <= priv, \
            f"{name}: cluster members announce {incoming or 'nothing'}, not their private addresses"
        remote = {s.split()[-1].rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:") for s in host.check_output(
            "ss -Htn state established '( sport = :4567 or dport = :4567 )'").splitlines() if s.strip()}
        assert remote, f"{name}: no Galera replication connection (tcp/4567) is established"
        assert remote <= priv, f"{name}: Galera replication connections go to {sorted(remote - priv)}, outside the private network"


@requirement("req-5")
def each_node_rejoins_after_restart(ctx, node1, node2, node3):
    # one node at a time: the other two keep the primary component, and the restarted node must
    # find them through its own configuration, not start a new cluster
    galera.rejoin_each([node1, node2, node3],
                       lambda name: ctx.run(name, "timeout 300 systemctl restart mariadb.service", timeout=320))
