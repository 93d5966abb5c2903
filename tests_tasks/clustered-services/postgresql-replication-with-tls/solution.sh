#!/bin/bash
# Reference solution: node1 gets its own certificate and TLS switched on, and accepts node2's
# replication connection only over TLS (hostssl); node2 asks for TLS and checks the server
# certificate against the CA it was given (node1's self-signed certificate).
# Run on node1, then node2 (oracle steps).
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
ssl_min_protocol_version = 'TLSv1.2'
CONF
    # replication only over TLS: swap the clear-text rule for a hostssl one
    sed -i -E "s|^host([[:space:]]+replication[[:space:]]+replicator[[:space:]]+)|hostssl\1|" "$conf/pg_hba.conf"
    grep -Eq "^hostssl[[:space:]]+replication[[:space:]]+replicator[[:space:]]+$standby/32" "$conf/pg_hba.conf" \
      || echo "hostssl replication replicator $standby/32 scram-sha-256" >> "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    publish_cert
    ;;
  node2)
    fetch_cert /var/lib/postgresql/primary-ca.crt
    psql -c "ALTER SYSTEM SET primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass application_name=node2 sslmode=verify-full sslrootcert=/var/lib/postgresql/primary-ca.crt'"
    systemctl restart postgresql.service
    pg_wait_streaming 90
    psql -c "SELECT status, sender_host FROM pg_stat_wal_receiver"
    [ "$st" = streaming ]
    ;;
esac
