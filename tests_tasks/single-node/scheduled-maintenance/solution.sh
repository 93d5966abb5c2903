#!/bin/bash
# Reference solution: a systemd service (User=metrics, output appended to the log) started by
# a minutely timer; the log directory belongs to metrics.
set -euo pipefail
. ./units.sh
install -d -o metrics -g metrics -m 0755 /var/log/queue-stats
queue_stats_units
systemctl daemon-reload
systemctl enable --now queue-stats.timer
systemctl list-timers queue-stats.timer --no-pager
