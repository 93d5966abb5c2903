#!/bin/bash
# must fail req-1, req-2, req-3: node2 gets a base backup of node1 but no standby.signal or primary_conninfo (no -R), so it starts as an independent writable copy that never streams
# rhel family, NOT validated: the same mistake as wrong-copy-not-standby.sh; the configuration is in /var/lib/pgsql/data, firewalld is opened on node1 and node1's copied drop-in removed on node2 as in solution.rhel.sh, so only the missing -R differs
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    replicator_role
    include_conf_d
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\n" \
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
    # the copy is taken, but nothing makes it follow node1 afterwards
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -X stream -c fast
    rm -f "$data/conf.d/10-primary.conf"
    chmod 700 "$data"
    if command -v restorecon >/dev/null; then restorecon -R "$data" /var/lib/pgsql/.pgpass; fi
    systemctl enable postgresql.service
    systemctl start postgresql.service
    pg_wait_ready 60
    psql -d ledger -c "SELECT count(*) FROM entries"
    ;;
esac
