#!/bin/bash
# must fail req-1: service and timer are right, but the timer is only started, never enabled: nothing runs the job after node1 reboots
set -euo pipefail
install -d -o metrics -g metrics -m 0755 /var/log/queue-stats
cat > /etc/systemd/system/queue-stats.service <<'UNIT'
[Unit]
Description=Queue statistics
[Service]
Type=oneshot
User=metrics
Group=metrics
ExecStart=/usr/local/bin/queue-stats
StandardOutput=append:/var/log/queue-stats/queue-stats.log
StandardError=append:/var/log/queue-stats/queue-stats.log
UNIT
cat > /etc/systemd/system/queue-stats.timer <<'UNIT'
[Unit]
Description=Run queue statistics every minute
[Timer]
OnCalendar=*-*-* *:*:00
AccuracySec=1s
[Install]
WantedBy=timers.target
UNIT
systemctl daemon-reload
systemctl start queue-stats.timer
systemctl list-timers queue-stats.timer --no-pager
