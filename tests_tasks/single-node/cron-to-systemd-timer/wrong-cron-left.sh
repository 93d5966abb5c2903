#!/bin/bash
# must fail req-4: the timer is right, but the cron entry is left in place "until the timer has proven itself": every night the report is made twice
set -euo pipefail
. ./units.sh
report_units '*-*-* 03:15:00' true
systemctl enable --now nightly-report.timer
systemctl list-timers nightly-report.timer --no-pager
