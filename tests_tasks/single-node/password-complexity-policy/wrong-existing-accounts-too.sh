#!/bin/bash
# must fail req-5: the reference policy, plus the 90/14-day ageing pushed onto the existing password users as well ("to be consistent"), which the instruction says keep their current settings
set -euo pipefail
. ./pwquality.sh
pwquality_installed
site_policy
pam-auth-update --package --enable pwquality
new_account_ageing
# existing human accounts that log in with a password (uid >= 1000, a real hash)
getent shadow | while IFS=: read -r user hash _; do
  uid=$(id -u "$user")
  [ "$uid" -ge 1000 ] && [ "$uid" -lt 60000 ] && [ "${hash#\$}" != "$hash" ] || continue
  chage -M 90 -W 14 "$user"
  echo "ageing set for $user"
done
