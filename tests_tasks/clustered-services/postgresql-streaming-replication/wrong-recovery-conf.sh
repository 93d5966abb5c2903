#!/bin/bash
# must fail req-1, req-2, req-3: the standby is configured the pre-12 way (standby_mode and primary_conninfo in recovery.conf); PostgreSQL 12+ refuses to start with a recovery.conf, so node2 serves nothing
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    replicator_role
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$conf/conf.d/10-primary.conf"
    echo "host replication replicator $standby/32 scram-sha-256" >> "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    pgpass /var/lib/postgresql/.pgpass replication
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -X stream -c fast
    cat > "$data/recovery.conf" <<CONF
standby_mode = 'on'
primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass'
CONF
    chown postgres:postgres "$data/recovery.conf"
    chmod 700 "$data"
    systemctl enable postgresql.service
    systemctl start postgresql.service
    ;;
esac
