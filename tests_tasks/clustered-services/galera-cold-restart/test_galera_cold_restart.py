"""Judged by the restarted cluster: three synced members, every transaction committed before
the outage (the newest ones existed only on node3) on every node, and writes replicating."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement

NODES = ("node1", "node2", "node3")
ORIGINAL_Q = ("SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', id, customer_id, item, qty))) "
              "FROM shop.orders WHERE id <= 250")
# written during the outage: 251 with all three up, 252 after node1 left, 253/254 on node3 alone
LATE = {251: (7, "item-3"), 252: (12, "item-9"), 253: (21, "item-14"), 254: (33, "item-1")}


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
def whole_cluster_down(ctx):
    up = [n for n in NODES if ctx.run(n, "pgrep -x 'mariadbd|mysqld'").exit_code == 0]
    assert not up, f"MariaDB still runs on {', '.join(up)}"


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
    assert not bad, "the Galera cluster is not back with three synced members: " + "; ".join(bad)


@requirement("req-2")
def no_committed_row_lost(ctx):
    problems = []
    for node in NODES:
        orig = sql(ctx, node, ORIGINAL_Q)
        if orig.exit_code != 0:
            problems.append(f"{node}: cannot read shop.orders")
            continue
        if orig.stdout.split()[0] != "250":
            problems.append(f"{node}: {orig.stdout.split()[0]} of the 250 original orders")
        late = sql(ctx, node, "SELECT id, customer_id, item FROM shop.orders WHERE id > 250 AND id < 1000 ORDER BY id")
        got = {int(r.split("\t")[0]): (int(r.split("\t")[1]), r.split("\t")[2]) for r in late.stdout.splitlines() if r}
        lost = sorted(i for i, row in LATE.items() if got.get(i) != row)
        if lost:
            problems.append(f"{node}: orders {', '.join(map(str, lost))} (committed before the outage) are missing")
    assert not problems, "; ".join(problems)


@requirement("req-3")
def writes_replicate(ctx):
    value = f"node2-{uuid.uuid4().hex[:12]}"
    made = sql(ctx, "node2", "CREATE DATABASE IF NOT EXISTS opsbench_check; "
                             "CREATE TABLE IF NOT EXISTS opsbench_check.probe (v VARCHAR(40) PRIMARY KEY) ENGINE=InnoDB; "
                             f"INSERT INTO opsbench_check.probe VALUES ('{value}')")
    assert made.exit_code == 0, f"a write on node2 failed: {made.stderr.strip()[:300]}"
    missing = []
    for node in ("node1", "node3"):
        for _ in range(10):
            res = sql(ctx, node, "SET SESSION wsrep_sync_wait=1; "
                                 f"SELECT COUNT(*) FROM opsbench_check.probe WHERE v='{value}'")
            if res.exit_code == 0 and res.stdout.strip() == "1":
                break
            time.sleep(1)
        else:
            missing.append(node)
    assert not missing, f"a row written on node2 is not read on {', '.join(missing)}"


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


@requirement("req-4")
def each_node_rejoins_after_restart(ctx):
    # the node the cluster was restarted from must not stay set to start a new cluster: one node
    # at a time restarts, and must find the other two through its own configuration
    for node in NODES:
        bad = _whole(ctx, tries=5 if node == NODES[0] else 40)
        assert not bad, f"before MariaDB restarts on {node}, the cluster is not whole: " + "; ".join(bad)
        ctx.run(node, "timeout 300 systemctl restart mariadb.service", timeout=320)
        bad = _whole(ctx)
        assert not bad, f"after MariaDB restarted on {node}, it did not rejoin the cluster: " + "; ".join(bad)
