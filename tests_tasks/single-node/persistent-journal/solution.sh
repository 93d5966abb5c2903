#!/bin/bash
# Reference solution: the site's policy drop-in itself now says Storage=persistent and
# SystemMaxUse=64M. Drop-ins apply in the order of their names, and it sorts after the other one
# there (the image's opsbench.conf, which caps the journal at 32M); MaxLevelStore=info stays.
# Then the journal goes to disk at once.
set -euo pipefail
. ./journal.sh
conf=/etc/systemd/journald.conf.d/site-logging.conf
sed -i -E 's/^Storage=.*/Storage=persistent/' "$conf"
grep -q '^SystemMaxUse=' "$conf" || sed -i '/^\[Journal\]/a SystemMaxUse=64M' "$conf"
journal_to_disk
systemd-analyze cat-config systemd/journald.conf | grep -E '^(# /|Storage|SystemMaxUse|MaxLevelStore)' || true
journalctl --disk-usage
