#!/bin/bash
# Reference solution: node1 listens on its private address and lets a replication role in from
# node2; node2's cluster is replaced by a base backup of node1 configured as a streaming standby.
# Run on node1, then node2 (oracle steps).
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    # PostgreSQL 13 (Debian 11) still stores md5 secrets by default; pg_hba below asks for scram
    replicator_role
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$conf/conf.d/10-primary.conf"
    sed -i '/# opsbench-replication$/d' "$conf/pg_hba.conf"
    echo "host replication replicator $standby/32 scram-sha-256 # opsbench-replication" >> "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    pgpass /var/lib/postgresql/.pgpass replication
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -R -X stream -c fast
    chmod 700 "$data"
    systemctl enable postgresql.service
    systemctl start postgresql.service
    pg_wait_streaming 60
    psql -c "SELECT status, sender_host FROM pg_stat_wal_receiver"
    [ "$st" = streaming ]
    ;;
esac
