#!/bin/bash
# Starting condition: firewall forwards between the three zones (persistently) with no
# filter; server runs the shop (tcp/443) and its database stand-in (tcp/5432).
set -euo pipefail
case "$NODE" in
  firewall)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
  server)
    install -d /srv/shop/https /srv/shop/db
    printf 'web shop\n' > /srv/shop/https/index.html
    printf 'database\n' > /srv/shop/db/index.html
    for spec in "shop-https 443 https" "shop-db 5432 db"; do
      set -- $spec
      cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=Web shop ($3)
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $2 --directory /srv/shop/$3
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
    done
    systemctl daemon-reload
    systemctl enable --now shop-https.service shop-db.service
    for i in $(seq 1 100); do
      curl -sf http://127.0.0.1:443/ >/dev/null && curl -sf http://127.0.0.1:5432/ >/dev/null && exit 0
      sleep 0.2
    done
    echo "the shop did not come up" >&2
    exit 1 ;;
esac
