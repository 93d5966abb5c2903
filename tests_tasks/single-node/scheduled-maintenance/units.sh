#!/bin/bash
# queue_stats_units: the reference units, included by the solution and the wrong solutions that
# keep them: queue-stats.service runs the job as metrics and appends its output to the log;
# queue-stats.timer starts it at the start of every minute. Neither is enabled or started here.
queue_stats_units() {
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
}
