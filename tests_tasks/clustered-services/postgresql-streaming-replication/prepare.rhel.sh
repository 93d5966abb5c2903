#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: PostgreSQL from the distribution's own packages
# (postgresql-server from AppStream: 13 on EL9, 16 on EL10), its cluster initialised with
# postgresql-setup --initdb in /var/lib/pgsql/data (configuration files in the data directory,
# packaged defaults: local connections only), postgresql.service enabled and running on node1 and
# node2 (as Debian's package leaves it). node1 holds the `ledger` database; node2's cluster is
# empty. firewalld stays as the image ships it (on where the image has it: it rejects 5432 from
# the other node).
# REPOSITORIES: the image's own BaseOS/AppStream (RHEL: a subscription); they do not go through the
# lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/postgresql.sh
t0=$(date +%s)
if ! rpm -q postgresql-server >/dev/null 2>&1; then
  # a first attempt may trip over stale repository metadata or keys: clean the cache and retry
  dnf -y -q install postgresql-server >/tmp/ob-install.log 2>&1 || {
    dnf clean all >/dev/null
    dnf -y -q install postgresql-server >/tmp/ob-install.log 2>&1
  }
fi
echo "install took $(( $(date +%s) - t0 )) s"
pg_layout
[ -f "$data/PG_VERSION" ] || postgresql-setup --initdb
systemctl enable postgresql.service
systemctl start postgresql.service
pg_wait_ready 60
[ "$NODE" = node1 ] || exit 0
psql -c "DROP DATABASE IF EXISTS ledger" -c "CREATE DATABASE ledger"
pg_ledger_sql | psql -d ledger
psql -d ledger -c "SELECT count(*) FROM entries"
