#!/bin/bash
# must fail req-1: the baseline is recorded first and a daily check job is added to /etc/cron.d afterwards, so the very next check reports /etc as changed
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends aide </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends aide </dev/null; }
install -d -m 0700 /var/lib/aide
install -d /etc/aide
cat > /etc/aide/aide.conf <<'CONF'
# Integrity baseline for node1: system configuration and local programs only.
database_in=file:/var/lib/aide/aide.db
database_out=file:/var/lib/aide/aide.db.new
gzip_dbout=no
report_url=stdout
Watch = p+i+n+u+g+s+m+c+sha256
/etc Watch
/usr/local/bin Watch
CONF
aide --config /etc/aide/aide.conf --config-check
rm -f /var/lib/aide/aide.db.new
aide --config /etc/aide/aide.conf --init </dev/null >/dev/null || [ $? -le 7 ]
mv -f /var/lib/aide/aide.db.new /var/lib/aide/aide.db
aide --config /etc/aide/aide.conf --check </dev/null
# and a nightly run for the on-call
install -d /etc/cron.d
cat > /etc/cron.d/aide-check <<'CRON'
# nightly file-integrity check of /etc and /usr/local/bin
30 3 * * * root aide --config /etc/aide/aide.conf --check | mail -s "AIDE report $(hostname)" root
CRON
chmod 644 /etc/cron.d/aide-check
