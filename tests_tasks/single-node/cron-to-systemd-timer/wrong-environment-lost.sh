#!/bin/bash
# must fail req-2, req-3: the service runs the script without the REPORT_DIR that the cron file set for it: every run fails and no report is written
set -euo pipefail
. ./units.sh
moved_to_timer '*-*-* 03:15:00' true ''
