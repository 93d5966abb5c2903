#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: node1 is a PostgreSQL primary (the `ledger` database, TLS
# switched off) and node2 a hot standby streaming from it over the private network in clear text,
# as role `replicator` (password in node2's ~postgres/.pgpass). Run on node1, then node2.
# EL layout: the server is postgresql-server from the OS's own AppStream (EL9: PostgreSQL 13,
# EL10: 16), one cluster whose data directory is also its config directory (/var/lib/pgsql/data,
# made by postgresql-setup --initdb), unit postgresql.service, postgres' home /var/lib/pgsql. The
# main postgresql.conf gets `include_dir = 'conf.d'` at its end, so conf.d/ is read after it as
# on Debian. firewalld (on in the EL cloud images) lets 5432 in on node1, permanently: that is part
# of the starting condition, not of the task.
# REPOSITORIES: the image's own (RHEL: a subscription); they do not go through the lab's package
# cache, which serves apt only.
set -euo pipefail
. tasklib/postgresql.sh
rpm -q postgresql-server openssl >/dev/null 2>&1 || dnf -y -q install postgresql-server openssl >/tmp/ob-install.log 2>&1
pg_layout
pass=Repl-7d41b0c3
[ -s "$data/PG_VERSION" ] || postgresql-setup --initdb >/dev/null
grep -Eq "^include_dir[[:space:]]*=[[:space:]]*'conf\.d'" "$conf/postgresql.conf" \
  || printf "\ninclude_dir = 'conf.d'\t\t\t# read after this file\n" >> "$conf/postgresql.conf"
install -d -o postgres -g postgres -m 700 "$conf/conf.d"
systemctl enable --now postgresql.service
case "$NODE" in
  node1)
    if systemctl is-active --quiet firewalld.service; then
      firewall-cmd --permanent --add-service=postgresql >/dev/null
      firewall-cmd --reload >/dev/null
    fi
    printf "listen_addresses = 'localhost,%s'\nssl = off\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
      "$primary" > "$conf/conf.d/10-replication.conf"
    chown postgres:postgres "$conf/conf.d/10-replication.conf"
    cat >> "$conf/pg_hba.conf" <<HBA
# replication to the standby (node2)
host    replication     replicator      $standby/32         scram-sha-256
HBA
    systemctl restart postgresql.service
    pg_wait_ready 60
    psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
    # PostgreSQL 13 (EL9) still stores md5 secrets by default; pg_hba asks for scram
    psql -c "DROP ROLE IF EXISTS replicator" -c "SET password_encryption = 'scram-sha-256'" -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$pass'"
    pg_ledger_sql | psql -d ledger
    ;;
  node2)
    echo "$primary:5432:replication:replicator:$pass" > /var/lib/pgsql/.pgpass
    chown postgres:postgres /var/lib/pgsql/.pgpass; chmod 600 /var/lib/pgsql/.pgpass
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -w -D "$data" -X stream -c fast
    # the base backup carries node1's configuration (here it lives in the data directory): node2
    # keeps node1's postgresql.conf and pg_hba.conf, as a copied data directory does, but not
    # node1's listen address; it runs on the defaults, as Debian's standby does
    rm -f "$data/conf.d/10-replication.conf"
    pg_follow /var/lib/pgsql/.pgpass
    restorecon -RF /var/lib/pgsql >/dev/null 2>&1 || true
    systemctl start postgresql.service
    pg_wait_streaming 90
    [ "$st" = streaming ] || { echo "node2 does not stream from node1" >&2; exit 1; }
    ;;
esac
