#!/bin/bash
# must fail req-2: a guard "pgrep -f inventory-sync || run it" in the cron line; pgrep always finds the cron shell whose own command line names the job, so the job never runs again
set -euo pipefail
cat > /etc/cron.d/inventory-sync <<'CRON'
# inventory for the reports (OPS-2210); skip if the previous run is still going
* * * * * invsync pgrep -f inventory-sync >/dev/null || /usr/local/bin/inventory-sync
CRON
chmod 644 /etc/cron.d/inventory-sync
pkill -KILL -u invsync || true
