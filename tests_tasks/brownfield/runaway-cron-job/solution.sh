#!/bin/bash
# Reference solution: the cron entry takes a non-blocking lock (flock -n) around the job, so a
# new run gives up at once while the previous one is still under way; the schedule, the user and
# the script stay as they are. Then the stuck runs are ended (by user: a pattern naming the job
# would also match this script's own shell).
set -euo pipefail
cat > /etc/cron.d/inventory-sync <<'CRON'
# inventory for the reports (OPS-2210); flock -n: never two runs at once, a run that finds the
# previous one still under way gives up
* * * * * invsync /usr/bin/flock -n /var/lib/invsync/sync.lock /usr/local/bin/inventory-sync
CRON
chmod 644 /etc/cron.d/inventory-sync
pkill -KILL -u invsync || true
sleep 1
ps -u invsync -o pid,etimes,args || true
