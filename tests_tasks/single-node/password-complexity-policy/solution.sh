#!/bin/bash
# Reference solution: libpam-pwquality (pam-auth-update adds it to common-password) with
# minlen 12 and minclass 3; ageing defaults for new accounts in /etc/login.defs.
# cracklib-runtime is only a Recommends of libpwquality1, but without its dictionary the
# dictionary check refuses every password ("error loading dictionary"), so install it too.
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
grep -n pwquality /etc/pam.d/common-password
sed -i -E 's/^(PASS_MAX_DAYS)\s+.*/\1\t90/; s/^(PASS_WARN_AGE)\s+.*/\1\t14/' /etc/login.defs
grep -E '^PASS_(MAX_DAYS|WARN_AGE)' /etc/login.defs
