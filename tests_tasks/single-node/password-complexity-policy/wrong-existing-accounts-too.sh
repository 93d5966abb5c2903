#!/bin/bash
# must fail req-5: the reference policy, plus the 90/14-day ageing pushed onto the existing password users as well ("to be consistent"), which the instruction says keep their current settings
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpam-pwquality \
  cracklib-runtime >/dev/null
test -e /var/cache/cracklib/cracklib_dict.pwd || update-cracklib
install -d /etc/security/pwquality.conf.d
cat > /etc/security/pwquality.conf.d/50-site-policy.conf <<'CONF'
minlen = 12
minclass = 3
dcredit = 0
ucredit = 0
lcredit = 0
ocredit = 0
CONF
pam-auth-update --package --enable pwquality
sed -i -E 's/^(PASS_MAX_DAYS)\s+.*/\1\t90/; s/^(PASS_WARN_AGE)\s+.*/\1\t14/' /etc/login.defs
# existing human accounts that log in with a password (uid >= 1000, a real hash)
getent shadow | while IFS=: read -r user hash _; do
  uid=$(id -u "$user")
  [ "$uid" -ge 1000 ] && [ "$uid" -lt 60000 ] && [ "${hash#\$}" != "$hash" ] || continue
  chage -M 90 -W 14 "$user"
  echo "ageing set for $user"
done
