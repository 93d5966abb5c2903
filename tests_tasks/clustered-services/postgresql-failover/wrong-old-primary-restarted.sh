#!/bin/bash
# must fail req-4: after node2's promotion node1 is "re-pointed" at node2 (primary_conninfo) and started again, but without standby.signal it comes up as a second writable primary: split brain
# steps: oracle node1
set -euo pipefail
. tasklib/postgresql.sh
[ "$NODE" = node1 ] || exit 0
pg_layout
newprimary=$OB_ADDR_NODE2_PRIV
cat >> "$data/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=$newprimary port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass application_name=node1'
CONF
chown postgres:postgres "$data/postgresql.auto.conf"
echo auto > "$conf/start.conf"
systemctl daemon-reload
systemctl enable postgresql.service
systemctl start "postgresql@$ver-main.service"
pg_wait_ready 60
runuser -u postgres -- psql -XAtq -c "SELECT pg_is_in_recovery()"
