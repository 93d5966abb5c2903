#!/bin/bash
# must fail req-1: StandardOutput=file: opens the log at its start without appending, so each run writes over the entries of the earlier runs
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
StandardOutput=file:/var/log/queue-stats/queue-stats.log
StandardError=journal
UNIT
cat > /etc/systemd/system/queue-stats.timer <<'UNIT'
[Unit]
Description=Run queue statistics every minute
[Timer]
OnCalendar=minutely
AccuracySec=1s
Persistent=true
[Install]
WantedBy=timers.target
UNIT
systemctl daemon-reload
systemctl enable --now queue-stats.timer
systemctl list-timers queue-stats.timer --no-pager
