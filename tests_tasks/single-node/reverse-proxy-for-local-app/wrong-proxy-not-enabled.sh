#!/bin/bash
# must fail req-1, req-3, req-4: HAProxy runs from a unit of its own that was started but never enabled, so after node1 reboots nothing listens on port 80
set -euo pipefail
. tasklib/install-pkgs.sh
. ./board.sh
install_pkgs haproxy
board_haproxy_proxy > /etc/haproxy/board.cfg
haproxy -c -f /etc/haproxy/board.cfg
cat > /etc/systemd/system/board-proxy.service <<'UNIT'
[Unit]
Description=Reverse proxy for the status board
After=network-online.target status-board.service
[Service]
ExecStart=/usr/sbin/haproxy -Ws -f /etc/haproxy/board.cfg
Restart=on-failure
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl start board-proxy.service
board_answers
