#!/bin/bash
# must fail req-3: after the promotion ledger_app's password is set anew to try the application login over priv; the application still uses its own password and is now refused
# steps: oracle node2
set -euo pipefail
[ "$NODE" = node2 ] || exit 0
me=$OB_ADDR_NODE2_PRIV
newpass=Ledger-app-$(date +%s)
psql() { runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "$@"; }
psql -c "SET password_encryption = 'scram-sha-256'" -c "ALTER ROLE ledger_app WITH PASSWORD '$newpass'"
PGPASSWORD=$newpass psql -h "$me" -U ledger_app -d ledger -c "SELECT current_user, pg_is_in_recovery()"
