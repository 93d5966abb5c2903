#!/bin/bash
# must fail req-1, req-2, req-3: the standby is configured the pre-12 way (standby_mode and primary_conninfo in recovery.conf); PostgreSQL 12+ refuses to start with a recovery.conf, so node2 serves nothing
# rhel family, NOT validated: the same mistake as wrong-recovery-conf.sh; the configuration is in /var/lib/pgsql/data, firewalld is opened on node1 and node1's copied drop-in removed on node2 as in solution.rhel.sh. postgresql.service is the server itself here (Debian's is a wrapper that starts even when the cluster fails), so its failed start is reported and the script goes on, as an agent would
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    replicator_role
    include_conf_d
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$data/conf.d/10-primary.conf"
    chown postgres:postgres "$data/conf.d/10-primary.conf"; chmod 600 "$data/conf.d/10-primary.conf"
    echo "host replication replicator $standby/32 scram-sha-256" >> "$data/pg_hba.conf"
    # firewalld (on here) as in solution.rhel.sh: node2 may reach 5432
    open_to_standby
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    pgpass /var/lib/pgsql/.pgpass replication
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -X stream -c fast
    rm -f "$data/conf.d/10-primary.conf"
    cat > "$data/recovery.conf" <<CONF
standby_mode = 'on'
primary_conninfo = 'host=$primary port=5432 user=replicator passfile=/var/lib/pgsql/.pgpass'
CONF
    chown postgres:postgres "$data/recovery.conf"
    chmod 700 "$data"
    if command -v restorecon >/dev/null; then restorecon -R "$data" /var/lib/pgsql/.pgpass; fi
    systemctl enable postgresql.service
    systemctl start postgresql.service || echo "postgresql.service did not start"
    ;;
esac
