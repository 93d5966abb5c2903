#!/bin/bash
# must fail req-3: a cron entry first, then a systemd timer "for reliability" without removing the cron entry: the job runs twice every minute
set -euo pipefail
. ./units.sh
install -d -o metrics -g metrics -m 0755 /var/log/queue-stats
cat > /etc/cron.d/queue-stats <<'CRON'
# queue statistics, every minute, as metrics
* * * * * metrics /usr/local/bin/queue-stats >> /var/log/queue-stats/queue-stats.log 2>&1
CRON
chmod 644 /etc/cron.d/queue-stats
queue_stats_units
systemctl daemon-reload
systemctl enable --now queue-stats.timer
systemctl list-timers queue-stats.timer --no-pager
