#!/bin/bash
# must fail req-4, req-5: the complexity rules are right, but the 90/14-day ageing is set on carol with chage instead of in login.defs, so accounts created later get none, and carol's existing settings are changed
set -euo pipefail
. ./pwquality.sh
pwquality_installed
site_policy
pam-auth-update --package --enable pwquality
chage -M 90 -W 14 carol
chage -l carol
