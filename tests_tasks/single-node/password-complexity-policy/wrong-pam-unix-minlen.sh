#!/bin/bash
# must fail req-2: length only: minlen=12 on pam_unix's line in common-password (no pwquality), which never counts character classes, so a long lower-case password passes
set -euo pipefail
sed -i -E '/^password.*pam_unix\.so/{/minlen=/!s/$/ minlen=12/}' /etc/pam.d/common-password
grep -n pam_unix /etc/pam.d/common-password
sed -i -E 's/^(PASS_MAX_DAYS)\s+.*/\1\t90/; s/^(PASS_WARN_AGE)\s+.*/\1\t14/' /etc/login.defs
grep -E '^PASS_(MAX_DAYS|WARN_AGE)' /etc/login.defs
