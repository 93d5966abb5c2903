#!/bin/bash
# must fail req-1: service and timer are right, but the timer is only started, never enabled: nothing runs the job after node1 reboots
set -euo pipefail
. ./units.sh
install -d -o metrics -g metrics -m 0755 /var/log/queue-stats
queue_stats_units
systemctl daemon-reload
systemctl start queue-stats.timer
systemctl list-timers queue-stats.timer --no-pager
