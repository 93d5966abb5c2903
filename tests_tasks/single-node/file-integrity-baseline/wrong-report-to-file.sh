#!/bin/bash
# must fail req-2, req-3, req-4: the report goes only to a log file (report_url=file:...), so the on-call's `aide --check` prints nothing and names none of the changed, added or removed files
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./aide.sh
install_aide
install -d -m 0750 /var/log/aide
cat > /etc/aide/aide.conf <<'CONF'
# Integrity baseline for node1: system configuration and local programs only.
database_in=file:/var/lib/aide/aide.db
database_out=file:/var/lib/aide/aide.db.new
gzip_dbout=no
report_url=file:/var/log/aide/aide.log
Watch = p+i+n+u+g+s+m+c+sha256
/etc Watch
/usr/local/bin Watch
CONF
aide --config /etc/aide/aide.conf --config-check
rm -f /var/lib/aide/aide.db.new
aide --config /etc/aide/aide.conf --init </dev/null || [ $? -le 7 ]
mv -f /var/lib/aide/aide.db.new /var/lib/aide/aide.db
aide --config /etc/aide/aide.conf --check </dev/null
tail -5 /var/log/aide/aide.log
