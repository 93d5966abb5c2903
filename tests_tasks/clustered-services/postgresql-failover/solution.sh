#!/bin/bash
# Reference solution: promote node2's standby to primary, drop its now useless upstream
# setting, and keep PostgreSQL enabled there. node1 is left down.
set -euo pipefail
. tasklib/postgresql.sh
[ "$NODE" = node2 ] || exit 0
if [ "$(psql -c 'SELECT pg_is_in_recovery()')" = t ]; then
  psql -c "SELECT pg_promote(wait => true, wait_seconds => 120)"
fi
psql -c "ALTER SYSTEM RESET primary_conninfo" -c "SELECT pg_reload_conf()"
systemctl enable postgresql.service
psql -c "SELECT pg_is_in_recovery()"
