#!/bin/bash
# must fail req-1, req-2: the data directory is fixed, but the server is started by hand as reportd instead of through its still-broken unit: nothing restarts it as a service or brings it back after the reboot
set -euo pipefail
chown -R reportd:reportd /var/lib/reportd
# the settings the unit should have loaded, passed by hand
setsid -f runuser -u reportd -- env REPORTD_PORT=8200 REPORTD_DATA=/var/lib/reportd \
  /usr/bin/python3 /opt/reportd/server.py </dev/null >/tmp/reportd-manual.log 2>&1
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8200/ && break; sleep 0.2; done
