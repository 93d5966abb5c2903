#!/bin/bash
# Starting condition: PostgreSQL (Debian's default cluster "main") installed and running on
# node1 and node2, with its packaged defaults (local connections only). node1 holds the
# `ledger` database; node2's cluster is empty.
set -euo pipefail
. tasklib/postgresql.sh
export DEBIAN_FRONTEND=noninteractive
t0=$(date +%s)
pg_apt_install
echo "install took $(( $(date +%s) - t0 )) s"
pg_layout
systemctl start postgresql.service
pg_wait_ready 60
[ "$NODE" = node1 ] || exit 0
psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
pg_ledger_sql | psql -d ledger
psql -d ledger -c "SELECT count(*) FROM entries"
