#!/bin/bash
# must fail req-5: the whole /etc/cron.d/reports is deleted to stop cron running the report, and the weekly pruning job goes with it
set -euo pipefail
. ./units.sh
report_units '*-*-* 03:15:00' true
systemctl enable --now nightly-report.timer
rm -f /etc/cron.d/reports
systemctl list-timers nightly-report.timer --no-pager
