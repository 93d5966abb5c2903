#!/bin/bash
# must fail req-4: after node2's promotion node1 is "re-pointed" at node2 (primary_conninfo) and started again, but without standby.signal it comes up as a second writable primary: split brain
# steps: oracle node1
# rhel family, NOT validated: the same mistake as wrong-old-primary-restarted.sh; EL keeps the cluster (and its configuration) in /var/lib/pgsql/data and has no start.conf, so re-enabling is the unit alone
set -euo pipefail
. tasklib/postgresql.sh
[ "$NODE" = node1 ] || exit 0
pg_layout
home=$(getent passwd postgres | cut -d: -f6)
newprimary=$OB_ADDR_NODE2_PRIV
cat >> "$data/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=$newprimary port=5432 user=replicator passfile=$home/.pgpass application_name=node1'
CONF
chown postgres:postgres "$data/postgresql.auto.conf"
systemctl daemon-reload
systemctl enable postgresql.service
systemctl start postgresql.service
pg_wait_ready 60
runuser -u postgres -- psql -XAtq -c "SELECT pg_is_in_recovery()"
