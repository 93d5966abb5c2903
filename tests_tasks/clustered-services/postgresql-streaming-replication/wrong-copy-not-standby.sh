#!/bin/bash
# must fail req-1, req-2, req-3: node2 gets a base backup of node1 but no standby.signal or primary_conninfo (no -R), so it starts as an independent writable copy that never streams
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    replicator_role
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\n" \
      "$primary" > "$conf/conf.d/10-primary.conf"
    echo "host replication replicator $standby/32 scram-sha-256" >> "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    pgpass /var/lib/postgresql/.pgpass replication
    systemctl stop postgresql.service
    rm -rf "$data"
    # the copy is taken, but nothing makes it follow node1 afterwards
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -X stream -c fast
    chmod 700 "$data"
    systemctl enable postgresql.service
    systemctl start postgresql.service
    pg_wait_ready 60
    psql -d ledger -c "SELECT count(*) FROM entries"
    ;;
esac
