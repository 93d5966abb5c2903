#!/bin/bash
# Starting condition: node1 serves the inventory app on 127.0.0.1:8080 only; node2 has nothing.
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
install -d /srv/inventory
printf 'inventory v1\nrack-a: 12 servers\nrack-b: 9 servers\n' > /srv/inventory/index.html
cat > /etc/systemd/system/inventory.service <<'UNIT'
[Unit]
Description=Inventory application
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 127.0.0.1 --directory /srv/inventory
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now inventory.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ >/dev/null && exit 0; sleep 0.2; done
echo "inventory did not come up" >&2
exit 1
