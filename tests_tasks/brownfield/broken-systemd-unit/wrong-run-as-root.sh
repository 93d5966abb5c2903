#!/bin/bash
# must fail req-3: the permission error on /var/lib/reportd "fixed" by dropping User=/Group= from the unit, so reportd now runs as root
set -euo pipefail
sed -i -e 's#^EnvironmentFile=/etc/reportd/reportd.conf$#EnvironmentFile=/etc/reportd/reportd.env#' \
  -e '/^User=/d' -e '/^Group=/d' /etc/systemd/system/reportd.service
systemctl daemon-reload
systemctl reset-failed reportd.service || true
systemctl enable reportd.service
systemctl restart reportd.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8200/ && break; sleep 0.2; done
systemctl status reportd.service --no-pager || true
