"""Judged by what the pair does: node1 streams to node2, a row written on node1 is read on
node2, and node2 refuses writes."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement

FINGERPRINT = ("SELECT count(*) || ':' || md5(string_agg(id || '/' || account_id || '/' || amount, ',' ORDER BY id)) "
               "FROM entries WHERE id <= 600")


def psql(ctx, node, query, db="ledger", timeout=30):
    return ctx.run(node, f"timeout {timeout} runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "
                         f"-d {db} -c {shlex.quote(query)}", timeout=timeout + 10)


def wait_ready(ctx, node, seconds=90):
    """PostgreSQL may still be starting (right after the reboot check): wait for it."""
    ctx.run(node, f"for i in $(seq {seconds}); do runuser -u postgres -- pg_isready -q && exit 0; sleep 1; done; exit 1",
            timeout=seconds + 30)


@baseline
def node1_has_ledger(ctx):
    res = psql(ctx, "node1", "SELECT count(*) FROM entries")
    assert res.exit_code == 0 and res.stdout.strip() == "600", "node1 does not hold the ledger data"


@requirement("req-1")
def node1_streams_to_node2(ctx):
    standby = ctx.addr("node2", "priv")
    wait_ready(ctx, "node1"), wait_ready(ctx, "node2")
    for _ in range(20):  # the standby may still be (re)connecting
        res = psql(ctx, "node1", "SELECT client_addr, state FROM pg_stat_replication", db="postgres")
        assert res.exit_code == 0, f"cannot query node1: {res.stderr.strip()[:300]}"
        rows = [line.split("|") for line in res.stdout.splitlines() if line]
        if [standby, "streaming"] in rows:
            break
        time.sleep(3)
    assert any(addr == standby and state == "streaming" for addr, state in rows), \
        f"node1 has no streaming replication connection from node2 ({standby}); it shows {rows or 'none'}"


@requirement("req-2")
def data_reaches_node2(ctx):
    want = psql(ctx, "node1", FINGERPRINT)
    got = psql(ctx, "node2", FINGERPRINT)
    assert got.exit_code == 0, f"node2 does not serve the ledger database: {got.stderr.strip()[:300]}"
    assert got.stdout.strip() == want.stdout.strip(), "node2's ledger data differs from node1's"
    made = psql(ctx, "node1", "CREATE TABLE IF NOT EXISTS opsbench_probe (v text PRIMARY KEY)")
    assert made.exit_code == 0, f"cannot write on node1: {made.stderr.strip()[:300]}"
    value = uuid.uuid4().hex
    wrote = psql(ctx, "node1", f"INSERT INTO opsbench_probe VALUES ('{value}')")
    assert wrote.exit_code == 0, f"a write on node1 failed: {wrote.stderr.strip()[:300]}"
    for _ in range(30):
        res = psql(ctx, "node2", f"SELECT count(*) FROM opsbench_probe WHERE v = '{value}'")
        if res.exit_code == 0 and res.stdout.strip() == "1":
            return
        time.sleep(1)
    raise AssertionError("a row written on node1 did not appear on node2 within 30 s")


@requirement("req-3")
def node2_is_read_only(ctx):
    rec = psql(ctx, "node2", "SELECT pg_is_in_recovery()", db="postgres")
    assert rec.exit_code == 0, f"node2 does not answer queries: {rec.stderr.strip()[:300]}"
    assert rec.stdout.strip() == "t", "node2 is not a standby (it is not in recovery)"
    res = psql(ctx, "node2", "INSERT INTO accounts VALUES (9999, 'intruder')")
    assert res.exit_code != 0, "a write on node2 succeeded: the standby is not read-only"
    assert "read-only" in res.stderr, f"the write on node2 failed, but not as read-only: {res.stderr.strip()[:300]}"
