#!/bin/bash
# must fail req-1, req-3: standby.signal is deleted and the configuration reloaded, but a running standby only leaves recovery when promoted (or restarted), so node2 stays read-only
# steps: node2
# rhel family, NOT validated: the same mistake as wrong-signal-removed-not-restarted.sh, in EL's data directory /var/lib/pgsql/data
set -euo pipefail
. tasklib/postgresql.sh
pg_layout
rm -f "$data/standby.signal"
systemctl enable postgresql.service
systemctl reload postgresql.service
runuser -u postgres -- psql -XAtq -c "SELECT pg_is_in_recovery()"
