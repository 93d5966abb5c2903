#!/bin/bash
# must fail req-1: flock without -n: a new run no longer starts the job while the previous one holds the lock, but waits for it, so every minute one more waiting run joins the pile
set -euo pipefail
cat > /etc/cron.d/inventory-sync <<'CRON'
# inventory for the reports (OPS-2210); one at a time
* * * * * invsync /usr/bin/flock /var/lib/invsync/sync.lock /usr/local/bin/inventory-sync
CRON
chmod 644 /etc/cron.d/inventory-sync
pkill -KILL -u invsync || true
