#!/bin/bash
# must fail req-2: the proxy is right, but the app was rebound to all addresses on the way (to let the proxy reach it), so port 3000 is open to every machine and the proxy can be bypassed
set -euo pipefail
. tasklib/install-pkgs.sh
. tasklib/nginx-site.sh
. ./board.sh
sed -i 's/^BOARD_BIND=.*/BOARD_BIND=0.0.0.0/' /etc/default/status-board
systemctl restart status-board.service
board_nginx_site <<'HEADERS'
proxy_set_header Host $host;
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
HEADERS
