#!/bin/bash
# Reference solution: take reportsync out of password ageing (no maximum, no inactivity lock, no
# account expiry); its password field stays "!", so it still has no password. Nothing else
# changes: login.defs and the other accounts keep the policy.
set -euo pipefail
chage -M -1 -I -1 -E -1 reportsync
chage -l reportsync
getent shadow reportsync | cut -d: -f2 | grep -q '^[!*]'
