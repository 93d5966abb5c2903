#!/bin/bash
# must fail req-2: length only: minlen=12 on pam_unix's line in common-password (no pwquality), which never counts character classes, so a long lower-case password passes
set -euo pipefail
. ./pwquality.sh
sed -i -E '/^password.*pam_unix\.so/{/minlen=/!s/$/ minlen=12/}' /etc/pam.d/common-password
grep -n pam_unix /etc/pam.d/common-password
new_account_ageing
grep -E '^PASS_(MAX_DAYS|WARN_AGE)' /etc/login.defs
