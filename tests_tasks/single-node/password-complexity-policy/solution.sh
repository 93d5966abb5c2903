#!/bin/bash
# Reference solution: libpam-pwquality (pam-auth-update adds it to common-password) with
# minlen 12 and minclass 3; ageing defaults for new accounts in /etc/login.defs.
# cracklib-runtime is only a Recommends of libpwquality1, but without its dictionary the
# dictionary check refuses every password ("error loading dictionary"), so install it too.
set -euo pipefail
. ./pwquality.sh
pwquality_installed
site_policy
pam-auth-update --package --enable pwquality
grep -n pwquality /etc/pam.d/common-password
new_account_ageing
grep -E '^PASS_(MAX_DAYS|WARN_AGE)' /etc/login.defs
