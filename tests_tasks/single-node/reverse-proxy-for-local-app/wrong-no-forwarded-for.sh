#!/bin/bash
# must fail req-3: nginx passes the Host header on but adds no X-Forwarded-For, so the app sees only the proxy's address (and whatever a client claims)
set -euo pipefail
. tasklib/install-pkgs.sh
. tasklib/nginx-site.sh
. ./board.sh
board_nginx_site <<'HEADERS'
proxy_set_header Host $host;
HEADERS
