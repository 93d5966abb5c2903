#!/bin/bash
# report_units ONCALENDAR PERSISTENT [ENVIRONMENT-LINE]: nightly-report.service (oneshot, as root,
# by default with the REPORT_DIR that cron's file gives the job) and nightly-report.timer; neither
# is enabled or started here. Included by the solution and the wrong solutions.
report_units() {
  cat > /etc/systemd/system/nightly-report.service <<UNIT
[Unit]
Description=Nightly report of the reports team
[Service]
Type=oneshot
${3-Environment=REPORT_DIR=/var/lib/reports}
ExecStart=/usr/local/bin/nightly-report
UNIT
  cat > /etc/systemd/system/nightly-report.timer <<UNIT
[Unit]
Description=Nightly report at 03:15
[Timer]
OnCalendar=$1
Persistent=$2
[Install]
WantedBy=timers.target
UNIT
  systemctl daemon-reload
}

# cron_line_off: the nightly report's line in /etc/cron.d/reports commented out; the rest of the
# file (its variables, the pruning job) stays
cron_line_off() {
  sed -i -E 's|^([^#].*/usr/local/bin/nightly-report.*)$|# moved to nightly-report.timer: \1|' /etc/cron.d/reports
}

# moved_to_timer ONCALENDAR PERSISTENT [ENVIRONMENT-LINE]: report_units, the timer enabled and
# started, the cron line commented out
moved_to_timer() {
  report_units "$@"
  systemctl enable --now nightly-report.timer
  cron_line_off
  systemctl list-timers nightly-report.timer --no-pager
}
