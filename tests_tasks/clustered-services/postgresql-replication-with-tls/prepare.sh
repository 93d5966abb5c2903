#!/bin/bash
# Starting condition: node1 is a PostgreSQL primary (the `ledger` database, TLS switched off)
# and node2 a hot standby streaming from it over the private network in clear text, as role
# `replicator` (password in node2's ~postgres/.pgpass). Run on node1, then node2.
set -euo pipefail
. tasklib/postgresql.sh
export DEBIAN_FRONTEND=noninteractive
pg_apt_install
pg_layout
pass=Repl-7d41b0c3
systemctl start postgresql.service
case "$NODE" in
  node1)
    printf "listen_addresses = 'localhost,%s'\nssl = off\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$conf/conf.d/10-replication.conf"
    cat >> "$conf/pg_hba.conf" <<HBA
# replication to the standby (node2)
host    replication     replicator      $standby/32         scram-sha-256
HBA
    systemctl restart postgresql.service
    pg_wait_ready 60
    psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
    # PostgreSQL 13 (Debian 11) still stores md5 secrets by default; pg_hba asks for scram
    psql -c "DROP ROLE IF EXISTS replicator" -c "SET password_encryption = 'scram-sha-256'" -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$pass'"
    pg_ledger_sql | psql -d ledger
    ;;
  node2)
    echo "$primary:5432:replication:replicator:$pass" > /var/lib/postgresql/.pgpass
    chown postgres:postgres /var/lib/postgresql/.pgpass; chmod 600 /var/lib/postgresql/.pgpass
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -w -D "$data" -X stream -c fast
    pg_follow /var/lib/postgresql/.pgpass
    systemctl start postgresql.service
    pg_wait_streaming 90
    [ "$st" = streaming ] || { echo "node2 does not stream from node1" >&2; exit 1; }
    ;;
esac
