#!/bin/bash
# must fail req-1: the baseline is recorded first and a daily check job is added to /etc/cron.d afterwards, so the very next check reports /etc as changed
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./aide.sh
install_aide
aide_conf
aide_baseline
# and a nightly run for the on-call
install -d /etc/cron.d
cat > /etc/cron.d/aide-check <<'CRON'
# nightly file-integrity check of /etc and /usr/local/bin
30 3 * * * root aide --config /etc/aide/aide.conf --check | mail -s "AIDE report $(hostname)" root
CRON
chmod 644 /etc/cron.d/aide-check
