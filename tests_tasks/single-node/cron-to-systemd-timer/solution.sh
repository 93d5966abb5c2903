#!/bin/bash
# Reference solution: a oneshot service with the environment cron gave the job, a timer at 03:15
# every day that makes up missed runs (Persistent=true), enabled and started; the cron line is
# commented out, the pruning job stays.
set -euo pipefail
. ./units.sh
moved_to_timer '*-*-* 03:15:00' true
cat /etc/cron.d/reports
