#!/bin/bash
# Starting condition: router forwards between the LANs (persistently) with no filter;
# host2 runs the portal on tcp/443 and its admin interface on tcp/8080.
set -euo pipefail
case "$NODE" in
  router)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
  host2)
    install -d /srv/portal/https /srv/portal/admin
    printf 'staff portal\n' > /srv/portal/https/index.html
    printf 'portal admin\n' > /srv/portal/admin/index.html
    for spec in "portal-https 443 https" "portal-admin 8080 admin"; do
      set -- $spec
      cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=Staff portal ($3)
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $2 --directory /srv/portal/$3
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
    done
    systemctl daemon-reload
    systemctl enable --now portal-https.service portal-admin.service
    for i in $(seq 1 100); do
      curl -sf http://127.0.0.1:443/ >/dev/null && curl -sf http://127.0.0.1:8080/ >/dev/null && exit 0
      sleep 0.2
    done
    echo "the portal did not come up" >&2
    exit 1 ;;
esac
