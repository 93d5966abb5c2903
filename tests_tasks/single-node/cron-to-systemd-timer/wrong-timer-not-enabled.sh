#!/bin/bash
# must fail req-1: the timer is started but never enabled: after node1 reboots nothing schedules the job (and cron no longer does)
set -euo pipefail
. ./units.sh
report_units '*-*-* 03:15:00' true
systemctl start nightly-report.timer
cron_line_off
systemctl list-timers nightly-report.timer --no-pager
