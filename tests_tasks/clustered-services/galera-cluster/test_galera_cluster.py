"""Judged by what the cluster does: every node reports a synced 3-member primary component, the
original data is on every node, and rows written on one node are read on the others."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement

NODES = ("node1", "node2", "node3")
# the shop data prepare.sh created on node1: row counts and a content checksum
DATA_Q = ("SELECT (SELECT COUNT(*) FROM shop.customers), (SELECT COUNT(*) FROM shop.orders), "
          "(SELECT SUM(CRC32(CONCAT_WS('|', id, customer_id, item, qty))) FROM shop.orders)")


# the client is `mariadb` (Debian, Ubuntu, EL10); older EL9 builds may only name it `mysql`
CLIENT = '"$(command -v mariadb || echo mysql)"'


def sql(ctx, node, query, timeout=60):
    return ctx.run(node, f"timeout {timeout} {CLIENT} -N -B -e {shlex.quote(query)}", timeout=timeout + 10)


def status(ctx, node):
    res = sql(ctx, node, "SHOW GLOBAL STATUS LIKE 'wsrep_%'")
    if res.exit_code != 0:
        return None
    return dict(line.split("\t", 1) for line in res.stdout.splitlines() if "\t" in line)


@baseline
def node1_serves_shop_standalone(ctx):
    res = sql(ctx, "node1", DATA_Q)
    assert res.exit_code == 0 and res.stdout.split()[:2] == ["40", "250"], "node1 does not serve the shop data"


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
def shop_data_everywhere(ctx):
    want = sql(ctx, "node1", DATA_Q).stdout.split()
    assert want[:2] == ["40", "250"], f"node1 no longer holds the original shop data (counts {want[:2]})"
    for node in NODES[1:]:
        got = sql(ctx, node, DATA_Q)
        assert got.exit_code == 0, f"{node}: cannot read the shop database: {got.stderr.strip()[:300]}"
        assert got.stdout.split() == want, f"{node}: the shop data differs from node1's ({got.stdout.split()} vs {want})"


def _read_everywhere(ctx, writer, value):
    missing = []
    for node in NODES:
        if node == writer:
            continue
        for _ in range(10):
            res = sql(ctx, node, "SET SESSION wsrep_sync_wait=1; "
                                 f"SELECT COUNT(*) FROM opsbench_check.probe WHERE v='{value}'")
            if res.exit_code == 0 and res.stdout.strip() == "1":
                break
            time.sleep(1)
        else:
            missing.append(node)
    return missing


@requirement("req-3")
def writes_replicate_both_ways(ctx):
    made = sql(ctx, "node1", "CREATE DATABASE IF NOT EXISTS opsbench_check; "
                             "CREATE TABLE IF NOT EXISTS opsbench_check.probe (v VARCHAR(40) PRIMARY KEY) ENGINE=InnoDB")
    assert made.exit_code == 0, f"cannot create a table on node1: {made.stderr.strip()[:300]}"
    for writer in ("node1", "node3"):
        value = f"{writer}-{uuid.uuid4().hex[:12]}"
        res = sql(ctx, writer, f"INSERT INTO opsbench_check.probe VALUES ('{value}')")
        assert res.exit_code == 0, f"a write on {writer} failed: {res.stderr.strip()[:300]}"
        missing = _read_everywhere(ctx, writer, value)
        assert not missing, f"a row written on {writer} is not read on {', '.join(missing)}"


@requirement("req-4")
def cluster_traffic_on_private_network(ctx):
    priv = {ctx.addr(n, "priv") for n in NODES}
    for node in NODES:
        st = status(ctx, node) or {}
        incoming = [a.rsplit(":", 1)[0] for a in st.get("wsrep_incoming_addresses", "").split(",") if a]
        assert incoming and set(incoming) <= priv, \
            f"{node}: cluster members announce {incoming or 'nothing'}, not their private addresses"
        peers = ctx.run(node, "ss -Htn state established '( sport = :4567 or dport = :4567 )'")
        remote = {line.split()[-1].rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:")
                  for line in peers.stdout.splitlines() if line.strip()}
        assert remote, f"{node}: no Galera replication connection (tcp/4567) is established"
        assert remote <= priv, f"{node}: Galera replication connections go to {sorted(remote - priv)}, outside the private network"


def _whole(ctx, tries=40):
    """Every node a synced member of one 3-node primary component, or what is wrong."""
    bad = []
    for _ in range(tries):
        bad = []
        for node in NODES:
            st = status(ctx, node) or {}
            got = (st.get("wsrep_cluster_size"), st.get("wsrep_cluster_status"), st.get("wsrep_local_state_comment"))
            if got != ("3", "Primary", "Synced"):
                bad.append(f"{node}: cluster size {got[0]}, status {got[1]}, state {got[2]}")
        if not bad:
            return []
        time.sleep(3)
    return bad


@requirement("req-5")
def each_node_rejoins_after_restart(ctx):
    # one node at a time: the other two keep the primary component, and the restarted node must
    # find them through its own configuration, not start a new cluster
    for node in NODES:
        bad = _whole(ctx, tries=5 if node == NODES[0] else 40)
        assert not bad, f"before MariaDB restarts on {node}, the cluster is not whole: " + "; ".join(bad)
        ctx.run(node, "timeout 300 systemctl restart mariadb.service", timeout=320)
        bad = _whole(ctx)
        assert not bad, f"after MariaDB restarted on {node}, it did not rejoin the cluster: " + "; ".join(bad)
