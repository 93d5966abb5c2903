#!/bin/bash
# must fail req-1, req-2: ssl = on and the certificate are set in postgresql.conf, but conf.d/10-replication.conf (included after it) still says ssl = off and wins; with pg_hba switched to hostssl the standby can no longer connect at all
set -euo pipefail
. tasklib/postgresql.sh
. ./ca.sh
pg_layout
case "$NODE" in
  node1)
    self_signed_cert
    # edit the SSL section of the main file in place
    sed -i -E -e "s|^#?ssl[[:space:]]*=.*|ssl = on|" \
              -e "s|^#?ssl_cert_file[[:space:]]*=.*|ssl_cert_file = '$conf/server.crt'|" \
              -e "s|^#?ssl_key_file[[:space:]]*=.*|ssl_key_file = '$conf/server.key'|" "$conf/postgresql.conf"
    grep -E '^ssl(_cert_file|_key_file)?[[:space:]]*=' "$conf/postgresql.conf"
    sed -i -E "s|^host([[:space:]]+replication[[:space:]]+replicator[[:space:]]+)|hostssl\1|" "$conf/pg_hba.conf"
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    psql -c "ALTER SYSTEM SET primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass application_name=node2 sslmode=require'"
    systemctl restart postgresql.service
    pg_wait_ready 20
    ;;
esac
