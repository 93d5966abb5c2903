#!/bin/bash
# Starting condition: router forwards between the LANs (persistently) with no filter;
# host2 serves the intranet site on tcp/80.
set -euo pipefail
case "$NODE" in
  router)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
  host2)
    install -d /srv/intranet
    printf 'staff intranet\n' > /srv/intranet/index.html
    cat > /etc/systemd/system/intranet.service <<'UNIT'
[Unit]
Description=Staff intranet site
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 80 --directory /srv/intranet
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
    systemctl daemon-reload
    systemctl enable --now intranet.service
    for i in $(seq 1 100); do
      curl -sf http://127.0.0.1/ >/dev/null && exit 0
      sleep 0.2
    done
    echo "the intranet site did not come up" >&2
    exit 1 ;;
esac
