#!/bin/bash
# must fail req-2, req-3: logical replication (publication on node1, subscription on node2) instead of a physical standby: node2 stays a writable primary and only the tables that existed get rows, a table created later on node1 never reaches it
# rhel family, NOT validated: the same mistake as wrong-logical-replication.sh; the configuration is in /var/lib/pgsql/data and firewalld is opened on node1 for node2 as in solution.rhel.sh
set -euo pipefail
. tasklib/postgresql.sh
. ./primary.sh
pg_layout
pass=Repl-2f9c1e7a
case "$NODE" in
  node1)
    replicator_role
    include_conf_d
    printf "listen_addresses = 'localhost,%s'\nwal_level = logical\nmax_wal_senders = 10\nmax_replication_slots = 10\n" \
      "$primary" > "$data/conf.d/10-primary.conf"
    chown postgres:postgres "$data/conf.d/10-primary.conf"; chmod 600 "$data/conf.d/10-primary.conf"
    # logical replication connections are matched by database name, not by "replication"
    echo "host ledger replicator $standby/32 scram-sha-256" >> "$data/pg_hba.conf"
    # firewalld (on here) as in solution.rhel.sh: node2 may reach 5432
    open_to_standby
    systemctl restart postgresql.service
    pg_wait_ready 60 -h "$primary"
    psql -d ledger -c "GRANT SELECT ON ALL TABLES IN SCHEMA public TO replicator" \
                   -c "GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO replicator" \
                   -c "DROP PUBLICATION IF EXISTS ledger_pub" \
                   -c "CREATE PUBLICATION ledger_pub FOR ALL TABLES"
    ;;
  node2)
    pgpass /var/lib/pgsql/.pgpass ledger
    if [ "$(psql -c "SELECT count(*) FROM pg_database WHERE datname = 'ledger'")" = 0 ]; then
      psql -c "CREATE DATABASE ledger"
    fi
    # the schema first (logical replication copies rows, not DDL), then subscribe
    runuser -u postgres -- pg_dump -h "$primary" -U replicator -s --no-owner --no-privileges \
      --no-publications --no-subscriptions ledger > /tmp/ledger-schema.sql
    runuser -u postgres -- psql -Xq -d ledger -f /tmp/ledger-schema.sql
    rm -f /tmp/ledger-schema.sql
    psql -d ledger -c "CREATE SUBSCRIPTION ledger_sub CONNECTION 'host=$primary port=5432 dbname=ledger user=replicator password=$pass' PUBLICATION ledger_pub"
    for i in $(seq 1 60); do
      [ "$(psql -d ledger -c "SELECT count(*) FROM entries" 2>/dev/null)" = 600 ] && break
      sleep 1
    done
    psql -d ledger -c "SELECT count(*) FROM entries"
    systemctl enable postgresql.service
    ;;
esac
