#!/bin/bash
# must fail req-5: the 90-day policy is lifted altogether: PASS_MAX_DAYS 99999 in login.defs and every account taken out of ageing, reportsync with the others
set -euo pipefail
sed -i -E 's/^PASS_MAX_DAYS\s.*/PASS_MAX_DAYS\t99999/' /etc/login.defs
for u in $(awk -F: '$5 != "" && $5 != "99999" {print $1}' /etc/shadow); do chage -M 99999 "$u"; done
chage -l reportsync
