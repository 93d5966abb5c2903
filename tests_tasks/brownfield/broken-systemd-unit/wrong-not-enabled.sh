#!/bin/bash
# must fail req-1: both faults fixed and the unit restarted, but never enabled: reportd answers now and is gone after the reboot
set -euo pipefail
sed -i 's#^EnvironmentFile=/etc/reportd/reportd.conf$#EnvironmentFile=/etc/reportd/reportd.env#' \
  /etc/systemd/system/reportd.service
chown -R reportd:reportd /var/lib/reportd
systemctl daemon-reload
systemctl reset-failed reportd.service || true
systemctl restart reportd.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8200/ && break; sleep 0.2; done
systemctl status reportd.service --no-pager || true
