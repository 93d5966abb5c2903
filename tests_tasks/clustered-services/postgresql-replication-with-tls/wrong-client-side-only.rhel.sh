#!/bin/bash
# must fail req-3: TLS is switched on and node2 asks for it (sslmode=verify-full), but pg_hba.conf still has the plain "host replication" rule, so node1 itself accepts any replication connection without encryption
# rhel family (alma9, centos-stream10, rhel98, rhel100), written, NOT validated: the same mistake as wrong-client-side-only.sh, on the EL layout of prepare.rhel.sh (configuration in the data directory /var/lib/pgsql/data, whose conf.d/ is read after postgresql.conf; postgres' home /var/lib/pgsql)
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
    # pg_hba.conf stays as it is
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    publish_cert
    ;;
  node2)
    fetch_cert /var/lib/pgsql/primary-ca.crt
    psql -c "ALTER SYSTEM SET primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/pgsql/.pgpass application_name=node2 sslmode=verify-full sslrootcert=/var/lib/pgsql/primary-ca.crt'"
    systemctl restart postgresql.service
    pg_wait_streaming 90
    psql -c "SELECT status, sender_host FROM pg_stat_wal_receiver"
    ;;
esac
