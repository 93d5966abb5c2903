#!/bin/bash
# Starting condition: node1 serves "reports" on 0.0.0.0:9100, no firewall rules.
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
install -d /srv/reports
printf 'daily report\nbackups: ok\ndisk: 41%%\n' > /srv/reports/index.html
cat > /etc/systemd/system/reports.service <<'UNIT'
[Unit]
Description=Reporting service
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 9100 --directory /srv/reports
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now reports.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:9100/ >/dev/null && exit 0; sleep 0.2; done
echo "reports did not come up" >&2; exit 1
