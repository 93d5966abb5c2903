#!/bin/bash
# Starting condition: ops exists on node1 only (no key); node2 runs webapp.
set -euo pipefail
case "$NODE" in
  node1)
    id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops ;;
  node2)
    install -d /srv/webapp
    printf 'webapp ok\n' > /srv/webapp/index.html
    cat > /etc/systemd/system/webapp.service <<'UNIT'
[Unit]
Description=Web application
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 127.0.0.1 --directory /srv/webapp
Restart=on-failure
[Install]
WantedBy=multi-user.target
UNIT
    systemctl daemon-reload
    systemctl enable --now webapp.service ;;
esac
