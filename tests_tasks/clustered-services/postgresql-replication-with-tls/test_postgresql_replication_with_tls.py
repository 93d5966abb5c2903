"""Judged by what the pair does: the walsender serving node2 on node1 runs over TLS, a clear-text
replication connection from node2 is refused, and replication still delivers rows."""
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib.postgresql import psql, returns_within, wait_ready

PASS = "Repl-7d41b0c3"  # the replicator password prepare.sh set
FINGERPRINT = ("SELECT count(*) || ':' || md5(string_agg(id || '/' || account_id || '/' || amount, ',' ORDER BY id)) "
               "FROM entries WHERE id <= 600")


def walsenders(ctx, node1):
    standby = ctx.addr("node2", "priv")
    res = psql(node1, "postgres", "SELECT r.state, s.ssl FROM pg_stat_replication r JOIN pg_stat_ssl s USING (pid) "
                                  f"WHERE r.client_addr = '{standby}'")
    assert res.rc == 0, f"cannot query node1: {res.stderr.strip()[:300]}"
    return [tuple(line.split("|")) for line in res.stdout.splitlines() if line]


@baseline
def clear_text_replication_runs(ctx, node1):
    assert ("streaming", "f") in walsenders(ctx, node1), "the prepared standby does not stream in clear text"


@requirement("req-1")
def replication_still_works(node1, node2):
    wait_ready(node1)
    wait_ready(node2)
    rec = psql(node2, "postgres", "SELECT pg_is_in_recovery()")
    assert rec.rc == 0 and rec.stdout.strip() == "t", "node2 is no longer a standby"
    want, got = psql(node1, "ledger", FINGERPRINT), psql(node2, "ledger", FINGERPRINT)
    assert got.rc == 0 and got.stdout.strip() == want.stdout.strip(), "node2's ledger data differs from node1's"
    made = psql(node1, "ledger", "CREATE TABLE IF NOT EXISTS opsbench_probe (v text PRIMARY KEY)")
    assert made.rc == 0, f"cannot write on node1: {made.stderr.strip()[:300]}"
    value = uuid.uuid4().hex
    assert psql(node1, "ledger", f"INSERT INTO opsbench_probe VALUES ('{value}')").rc == 0, "a write on node1 failed"
    assert returns_within(node2, "ledger", f"SELECT count(*) FROM opsbench_probe WHERE v = '{value}'", "1", tries=30), \
        "a row written on node1 did not appear on node2 within 30 s"


@requirement("req-2")
def replication_uses_tls(ctx, node1, node2):
    wait_ready(node1)
    wait_ready(node2)
    for _ in range(20):  # the standby may still be (re)connecting
        rows = walsenders(ctx, node1)
        if any(state == "streaming" for state, _ in rows):
            break
        time.sleep(3)
    assert rows, "node1 has no replication connection from node2"
    assert all(ssl == "t" for _, ssl in rows), f"node2's replication connection is not encrypted (state, ssl): {rows}"
    assert any(state == "streaming" for state, _ in rows), f"node2's replication connection is not streaming: {rows}"


@requirement("req-3")
def clear_text_refused(ctx, node2):
    primary = ctx.addr("node1", "priv")
    res = node2.run(f"PGPASSWORD={PASS} PGCONNECT_TIMEOUT=10 timeout 30 psql -XAt "
                    f"'host={primary} port=5432 user=replicator dbname=postgres replication=true "
                    "sslmode=disable' -c IDENTIFY_SYSTEM")
    assert res.rc != 0, "node1 accepts a replication connection from node2 without TLS"
    assert "no encryption" in res.stderr or "SSL" in res.stderr, \
        f"the clear-text attempt failed, but not because TLS is required: {res.stderr.strip()[:300]}"
