#!/bin/bash
# must fail req-4: the last-change date is set to today (chage -d), which clears the expiry for now; the 90-day maximum stays and the account locks itself out again in three months
set -euo pipefail
chage -d "$(date -u +%F)" reportsync
chage -l reportsync
