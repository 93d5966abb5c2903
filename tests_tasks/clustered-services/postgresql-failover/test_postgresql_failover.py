"""Judged by what node2 does after the failover: it is out of recovery, takes writes (also from
the application over the private network), holds every row node1 had, and node1 is not a
second writable primary."""
import shlex
import uuid

from fixtures.checks import baseline, requirement
from tasklib.postgresql import psql, wait_ready

APP_PASSWORD = "Ledger-app-4412"  # set by prepare.sh
# all 610 rows node1 had (600 in the base backup, 10 streamed later), compared with the same
# rows generated afresh
TABLE_FP = ("SELECT count(*) || ':' || md5(string_agg(id || '/' || account_id || '/' || amount, ',' ORDER BY id)) "
            "FROM entries WHERE id <= 610")
EXPECTED_FP = ("SELECT count(*) || ':' || md5(string_agg(g || '/' || (1 + g % 25) || '/' || "
               "round((g * 37 % 1000) / 7.0, 2), ',' ORDER BY g)) FROM generate_series(1, 610) g")


@baseline
def primary_lost_standby_has_data(node1, node2):
    assert psql(node1, "postgres", "SELECT 1").rc != 0, "PostgreSQL on node1 still runs"
    rec = psql(node2, "postgres", "SELECT pg_is_in_recovery()")
    assert rec.stdout.strip() == "t", "node2 is not a standby"
    assert psql(node2, "ledger", "SELECT count(*) FROM entries").stdout.strip() == "610", "node2 lacks node1's last rows"


@requirement("req-1")
def node2_is_writable_primary(node2):
    wait_ready(node2)
    rec = psql(node2, "postgres", "SELECT pg_is_in_recovery()")
    assert rec.rc == 0, f"PostgreSQL on node2 does not answer: {rec.stderr.strip()[:300]}"
    assert rec.stdout.strip() == "f", "node2 is still in recovery (a standby), not a primary"
    res = psql(node2, "ledger", "CREATE TABLE IF NOT EXISTS opsbench_probe (v text PRIMARY KEY); "
                                f"INSERT INTO opsbench_probe VALUES ('{uuid.uuid4().hex}')")
    assert res.rc == 0, f"a write on node2 failed: {res.stderr.strip()[:300]}"


@requirement("req-2")
def all_earlier_data_on_node2(node2):
    want = psql(node2, "ledger", EXPECTED_FP).stdout.strip()
    got = psql(node2, "ledger", TABLE_FP)
    assert got.rc == 0, f"cannot read the ledger on node2: {got.stderr.strip()[:300]}"
    assert got.stdout.strip() == want, f"node2's ledger entries differ from node1's ({got.stdout.strip()} vs {want})"
    acc = psql(node2, "ledger", "SELECT count(*) FROM accounts")
    assert acc.stdout.strip() == "25", f"node2 has {acc.stdout.strip() or 'no'} accounts instead of 25"


@requirement("req-3")
def application_writes_over_private_network(ctx, node1):
    target = ctx.addr("node2", "priv")
    value = uuid.uuid4().hex[:10]
    res = node1.run(f"PGPASSWORD={APP_PASSWORD} PGCONNECT_TIMEOUT=10 timeout 30 psql -XAtq -v ON_ERROR_STOP=1 "
                    f"-h {target} -U ledger_app -d ledger -c "
                    + shlex.quote("INSERT INTO entries (account_id, amount, booked_at) "
                                  f"VALUES (1, 0.01, now()) RETURNING 'ok-{value}'"))
    assert res.rc == 0 and f"ok-{value}" in res.stdout, \
        f"the application role cannot write to node2 over the private network: {res.stderr.strip()[:300]}"


@requirement("req-4")
def no_split_brain(node1):
    res = psql(node1, "postgres", "SELECT pg_is_in_recovery()")
    assert not (res.rc == 0 and res.stdout.strip() == "f"), \
        "node1 runs a writable PostgreSQL primary again next to node2 (split brain)"
