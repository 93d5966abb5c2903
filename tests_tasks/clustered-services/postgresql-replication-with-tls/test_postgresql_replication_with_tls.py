"""Judged by what the pair does: the walsender serving node2 on node1 runs over TLS, a clear-text
replication connection from node2 is refused, and replication still delivers rows."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement

PASS = "Repl-7d41b0c3"  # the replicator password prepare.sh set
FINGERPRINT = ("SELECT count(*) || ':' || md5(string_agg(id || '/' || account_id || '/' || amount, ',' ORDER BY id)) "
               "FROM entries WHERE id <= 600")


def psql(ctx, node, query, db="ledger", timeout=30):
    return ctx.run(node, f"timeout {timeout} runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "
                         f"-d {db} -c {shlex.quote(query)}", timeout=timeout + 10)


def walsenders(ctx):
    standby = ctx.addr("node2", "priv")
    res = psql(ctx, "node1", "SELECT r.state, s.ssl FROM pg_stat_replication r JOIN pg_stat_ssl s USING (pid) "
                             f"WHERE r.client_addr = '{standby}'", db="postgres")
    assert res.exit_code == 0, f"cannot query node1: {res.stderr.strip()[:300]}"
    return [tuple(line.split("|")) for line in res.stdout.splitlines() if line]


def wait_ready(ctx, node, seconds=90):
    """PostgreSQL may still be starting (right after the reboot check): wait for it."""
    ctx.run(node, f"for i in $(seq {seconds}); do runuser -u postgres -- pg_isready -q && exit 0; sleep 1; done; exit 1",
            timeout=seconds + 30)


@baseline
def clear_text_replication_runs(ctx):
    assert ("streaming", "f") in walsenders(ctx), "the prepared standby does not stream in clear text"


@requirement("req-1")
def replication_still_works(ctx):
    wait_ready(ctx, "node1"), wait_ready(ctx, "node2")
    rec = psql(ctx, "node2", "SELECT pg_is_in_recovery()", db="postgres")
    assert rec.exit_code == 0 and rec.stdout.strip() == "t", "node2 is no longer a standby"
    want, got = psql(ctx, "node1", FINGERPRINT), psql(ctx, "node2", FINGERPRINT)
    assert got.exit_code == 0 and got.stdout.strip() == want.stdout.strip(), "node2's ledger data differs from node1's"
    made = psql(ctx, "node1", "CREATE TABLE IF NOT EXISTS opsbench_probe (v text PRIMARY KEY)")
    assert made.exit_code == 0, f"cannot write on node1: {made.stderr.strip()[:300]}"
    value = uuid.uuid4().hex
    assert psql(ctx, "node1", f"INSERT INTO opsbench_probe VALUES ('{value}')").exit_code == 0, "a write on node1 failed"
    for _ in range(30):
        res = psql(ctx, "node2", f"SELECT count(*) FROM opsbench_probe WHERE v = '{value}'")
        if res.exit_code == 0 and res.stdout.strip() == "1":
            return
        time.sleep(1)
    raise AssertionError("a row written on node1 did not appear on node2 within 30 s")


@requirement("req-2")
def replication_uses_tls(ctx):
    wait_ready(ctx, "node1"), wait_ready(ctx, "node2")
    for _ in range(20):  # the standby may still be (re)connecting
        rows = walsenders(ctx)
        if any(state == "streaming" for state, _ in rows):
            break
        time.sleep(3)
    assert rows, "node1 has no replication connection from node2"
    assert all(ssl == "t" for _, ssl in rows), f"node2's replication connection is not encrypted (state, ssl): {rows}"
    assert any(state == "streaming" for state, _ in rows), f"node2's replication connection is not streaming: {rows}"


@requirement("req-3")
def clear_text_refused(ctx):
    primary = ctx.addr("node1", "priv")
    res = ctx.run("node2", f"PGPASSWORD={PASS} PGCONNECT_TIMEOUT=10 timeout 30 psql -XAt "
                           f"'host={primary} port=5432 user=replicator dbname=postgres replication=true "
                           "sslmode=disable' -c IDENTIFY_SYSTEM", timeout=40)
    assert res.exit_code != 0, "node1 accepts a replication connection from node2 without TLS"
    assert "no encryption" in res.stderr or "SSL" in res.stderr, \
        f"the clear-text attempt failed, but not because TLS is required: {res.stderr.strip()[:300]}"
