#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the baseline is initialised, but aide.db.new is never moved to the aide.db the check reads, so `aide --check` has no baseline and fails
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
aide --config /etc/aide/aide.conf --init </dev/null || [ $? -le 7 ]
ls -l /var/lib/aide
