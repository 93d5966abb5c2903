"""Judged by what the pair does: node1 streams to node2, a row written on node1 is read on
node2, and node2 refuses writes."""
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib.postgresql import psql, returns_within, wait_ready

FINGERPRINT = ("SELECT count(*) || ':' || md5(string_agg(id || '/' || account_id || '/' || amount, ',' ORDER BY id)) "
               "FROM entries WHERE id <= 600")


@baseline
def node1_has_ledger(node1):
    res = psql(node1, "ledger", "SELECT count(*) FROM entries")
    assert res.rc == 0 and res.stdout.strip() == "600", "node1 does not hold the ledger data"


@requirement("req-1")
def node1_streams_to_node2(ctx, node1, node2):
    standby = ctx.addr("node2", "priv")
    wait_ready(node1)
    wait_ready(node2)
    for _ in range(20):  # the standby may still be (re)connecting
        res = psql(node1, "postgres", "SELECT client_addr, state FROM pg_stat_replication")
        assert res.rc == 0, f"cannot query node1: {res.stderr.strip()[:300]}"
        rows = [line.split("|") for line in res.stdout.splitlines() if line]
        if [standby, "streaming"] in rows:
            break
        time.sleep(3)
    assert any(addr == standby and state == "streaming" for addr, state in rows), \
        f"node1 has no streaming replication connection from node2 ({standby}); it shows {rows or 'none'}"


@requirement("req-2")
def data_reaches_node2(node1, node2):
    want = psql(node1, "ledger", FINGERPRINT)
    got = psql(node2, "ledger", FINGERPRINT)
    assert got.rc == 0, f"node2 does not serve the ledger database: {got.stderr.strip()[:300]}"
    assert got.stdout.strip() == want.stdout.strip(), "node2's ledger data differs from node1's"
    made = psql(node1, "ledger", "CREATE TABLE IF NOT EXISTS opsbench_probe (v text PRIMARY KEY)")
    assert made.rc == 0, f"cannot write on node1: {made.stderr.strip()[:300]}"
    value = uuid.uuid4().hex
    wrote = psql(node1, "ledger", f"INSERT INTO opsbench_probe VALUES ('{value}')")
    assert wrote.rc == 0, f"a write on node1 failed: {wrote.stderr.strip()[:300]}"
    assert returns_within(node2, "ledger", f"SELECT count(*) FROM opsbench_probe WHERE v = '{value}'", "1", tries=30), \
        "a row written on node1 did not appear on node2 within 30 s"


@requirement("req-3")
def node2_is_read_only(node2):
    rec = psql(node2, "postgres", "SELECT pg_is_in_recovery()")
    assert rec.rc == 0, f"node2 does not answer queries: {rec.stderr.strip()[:300]}"
    assert rec.stdout.strip() == "t", "node2 is not a standby (it is not in recovery)"
    res = psql(node2, "ledger", "INSERT INTO accounts VALUES (9999, 'intruder')")
    assert res.rc != 0, "a write on node2 succeeded: the standby is not read-only"
    assert "read-only" in res.stderr, f"the write on node2 failed, but not as read-only: {res.stderr.strip()[:300]}"
