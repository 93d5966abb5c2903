#!/bin/bash
# Starting condition: PostgreSQL (Debian's default cluster "main") installed and running on
# node1 and node2, with its packaged defaults (local connections only). node1 holds the
# `ledger` database; node2's cluster is empty.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
t0=$(date +%s)
apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1 || {
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1
}
echo "install took $(( $(date +%s) - t0 )) s"
ver=$(ls /etc/postgresql | sort -n | tail -1)
systemctl start postgresql.service
for i in $(seq 1 60); do runuser -u postgres -- pg_isready -q && break; sleep 1; done
[ "$NODE" = node1 ] || exit 0
psql() { runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "$@"; }
psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
psql -d ledger <<'SQL'
CREATE TABLE accounts (id int PRIMARY KEY, owner text NOT NULL);
CREATE TABLE entries (id bigserial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
                      amount numeric(12,2) NOT NULL, booked_at timestamptz NOT NULL);
INSERT INTO accounts SELECT g, 'owner-' || g FROM generate_series(1, 25) g;
INSERT INTO entries (account_id, amount, booked_at)
  SELECT 1 + g % 25, round((g * 37 % 1000) / 7.0, 2), timestamptz '2026-01-01' + g * interval '17 minutes'
  FROM generate_series(1, 600) g;
SQL
psql -d ledger -c "SELECT count(*) FROM entries"
