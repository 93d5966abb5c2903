#!/bin/bash
# Starting condition: node1 is a PostgreSQL primary (the `ledger` database, TLS switched off)
# and node2 a hot standby streaming from it over the private network in clear text, as role
# `replicator` (password in node2's ~postgres/.pgpass). Run on node1, then node2.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1 || {
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1
}
ver=$(ls /etc/postgresql | sort -n | tail -1)
conf=/etc/postgresql/$ver/main
data=/var/lib/postgresql/$ver/main
primary=$OB_ADDR_NODE1_PRIV
standby=$OB_ADDR_NODE2_PRIV
pass=Repl-7d41b0c3
psql() { runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "$@"; }
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
    for i in $(seq 1 60); do runuser -u postgres -- pg_isready -q && break; sleep 1; done
    psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
    # PostgreSQL 13 (Debian 11) still stores md5 secrets by default; pg_hba asks for scram
    psql -c "DROP ROLE IF EXISTS replicator" -c "SET password_encryption = 'scram-sha-256'" -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$pass'"
    psql -d ledger <<'SQL'
CREATE TABLE accounts (id int PRIMARY KEY, owner text NOT NULL);
CREATE TABLE entries (id bigserial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
                      amount numeric(12,2) NOT NULL, booked_at timestamptz NOT NULL);
INSERT INTO accounts SELECT g, 'owner-' || g FROM generate_series(1, 25) g;
INSERT INTO entries (account_id, amount, booked_at)
  SELECT 1 + g % 25, round((g * 37 % 1000) / 7.0, 2), timestamptz '2026-01-01' + g * interval '17 minutes'
  FROM generate_series(1, 600) g;
SQL
    ;;
  node2)
    echo "$primary:5432:replication:replicator:$pass" > /var/lib/postgresql/.pgpass
    chown postgres:postgres /var/lib/postgresql/.pgpass; chmod 600 /var/lib/postgresql/.pgpass
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -w -D "$data" -X stream -c fast
    cat > "$data/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass application_name=node2'
CONF
    chown postgres:postgres "$data/postgresql.auto.conf"
    runuser -u postgres -- touch "$data/standby.signal"
    systemctl start postgresql.service
    for i in $(seq 1 90); do
      st=$(psql -c "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null || true)
      [ "$st" = streaming ] && break
      sleep 1
    done
    [ "$st" = streaming ] || { echo "node2 does not stream from node1" >&2; exit 1; }
    ;;
esac
