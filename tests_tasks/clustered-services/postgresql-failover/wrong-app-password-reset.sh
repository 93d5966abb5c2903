#!/bin/bash
# must fail req-3: after the promotion ledger_app's password is set anew to try the application login over priv; the application still uses its own password and is now refused
# steps: oracle node2
set -euo pipefail
. tasklib/postgresql.sh
[ "$NODE" = node2 ] || exit 0
me=$OB_ADDR_NODE2_PRIV
newpass=Ledger-app-$(date +%s)
psql -c "SET password_encryption = 'scram-sha-256'" -c "ALTER ROLE ledger_app WITH PASSWORD '$newpass'"
PGPASSWORD=$newpass psql -h "$me" -U ledger_app -d ledger -c "SELECT current_user, pg_is_in_recovery()"
