#!/bin/bash
# Starting condition: node2 and node3 run the shop application on 8080; node1 has nothing.
set -euo pipefail
case "$NODE" in
  node2|node3) ;;
  *) exit 0 ;;
esac
install -d /srv/shop
printf '<html><body><h1>shop</h1><p>served by %s</p></body></html>\n' "$NODE" > /srv/shop/index.html
cat > /etc/systemd/system/shop.service <<'UNIT'
[Unit]
Description=Shop application
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 8080 --directory /srv/shop
Restart=on-failure
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now shop.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ >/dev/null && exit 0; sleep 0.2; done
echo "shop did not come up" >&2; exit 1
