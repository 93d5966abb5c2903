#!/bin/bash
# must fail req-3: the timer has Persistent=false (the default): a run due while node1 was down is skipped, exactly as under cron
set -euo pipefail
. ./units.sh
moved_to_timer '*-*-* 03:15:00' false
