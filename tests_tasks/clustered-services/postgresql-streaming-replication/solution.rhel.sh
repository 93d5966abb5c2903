#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (node1 listens on its private
# address and lets a replication role in from node2; node2's cluster is replaced by a base backup
# of node1 configured as a streaming standby; steps run node1, then node2), with the differences
# of this family: the configuration lives in the data directory /var/lib/pgsql/data (so a drop-in
# directory is included from postgresql.conf, and node1's drop-in, copied over by the base backup,
# is removed on node2), postgres's home is /var/lib/pgsql, and firewalld (on here) must let node2
# reach 5432 on node1, permanently.
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    # PostgreSQL 13 (EL9) still stores md5 secrets by default; pg_hba below asks for scram
    replicator_role
    include_conf_d
    printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$data/conf.d/10-primary.conf"
    chown postgres:postgres "$data/conf.d/10-primary.conf"; chmod 600 "$data/conf.d/10-primary.conf"
    sed -i '/# opsbench-replication$/d' "$data/pg_hba.conf"
    echo "host replication replicator $standby/32 scram-sha-256 # opsbench-replication" >> "$data/pg_hba.conf"
    open_to_standby
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    ;;
  node2)
    pgpass /var/lib/pgsql/.pgpass replication
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -D "$data" -R -X stream -c fast
    # the copy brought node1's drop-in (it would have node2 listen on node1's address)
    rm -f "$data/conf.d/10-primary.conf"
    chmod 700 "$data"
    if command -v restorecon >/dev/null; then restorecon -R "$data" /var/lib/pgsql/.pgpass; fi
    systemctl enable postgresql.service
    systemctl start postgresql.service
    pg_wait_streaming 60
    psql -c "SELECT status, sender_host FROM pg_stat_wal_receiver"
    [ "$st" = streaming ]
    ;;
esac
