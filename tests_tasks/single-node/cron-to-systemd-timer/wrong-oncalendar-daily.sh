#!/bin/bash
# must fail req-1: OnCalendar=daily means midnight (00:00), not 03:15: the schedule changed
set -euo pipefail
. ./units.sh
moved_to_timer daily true
