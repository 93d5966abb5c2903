#!/bin/bash
# must fail req-3: pwquality with a credit of -1 for every class (the usual hardening guide lines) demands all four classes, so a 12-character password with three of them, which the policy allows, is refused
set -euo pipefail
. ./pwquality.sh
pwquality_installed
install -d /etc/security/pwquality.conf.d
cat > /etc/security/pwquality.conf.d/50-site-policy.conf <<'CONF'
minlen = 12
dcredit = -1
ucredit = -1
lcredit = -1
ocredit = -1
CONF
pam-auth-update --package --enable pwquality
grep -n pwquality /etc/pam.d/common-password
new_account_ageing
grep -E '^PASS_(MAX_DAYS|WARN_AGE)' /etc/login.defs
