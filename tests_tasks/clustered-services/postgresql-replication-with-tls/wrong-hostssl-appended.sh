#!/bin/bash
# must fail req-3: TLS is switched on and a hostssl replication rule is appended, but the clear-text "host replication" rule above it still matches first, so node1 keeps accepting unencrypted replication
set -euo pipefail
. tasklib/postgresql.sh
. ./ca.sh
pg_layout
case "$NODE" in
  node1)
    self_signed_cert
    cat > "$conf/conf.d/20-tls.conf" <<CONF
ssl = on
ssl_cert_file = '$conf/server.crt'
ssl_key_file = '$conf/server.key'
CONF
    echo "hostssl replication replicator $standby/32 scram-sha-256" >> "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    psql -c "ALTER SYSTEM SET primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass application_name=node2 sslmode=require'"
    systemctl restart postgresql.service
    pg_wait_streaming 90
    psql -c "SELECT status, sender_host FROM pg_stat_wal_receiver"
    ;;
esac
