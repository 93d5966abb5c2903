#!/bin/bash
# Reference solution: point EnvironmentFile= at the real settings file, give the data directory
# back to the service user (contents untouched), enable and restart the unit.
set -euo pipefail
sed -i 's#^EnvironmentFile=/etc/reportd/reportd.conf$#EnvironmentFile=/etc/reportd/reportd.env#' \
  /etc/systemd/system/reportd.service
chown -R reportd:reportd /var/lib/reportd
systemctl daemon-reload
systemctl reset-failed reportd.service || true
systemctl enable reportd.service
systemctl restart reportd.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8200/ && exit 0; sleep 0.2; done
systemctl status reportd.service --no-pager >&2 || true
exit 1
