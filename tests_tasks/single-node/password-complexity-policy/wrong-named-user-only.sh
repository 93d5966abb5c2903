#!/bin/bash
# must fail req-4, req-5: the complexity rules are right, but the 90/14-day ageing is set on carol with chage instead of in login.defs, so accounts created later get none, and carol's existing settings are changed
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
chage -M 90 -W 14 carol
chage -l carol
