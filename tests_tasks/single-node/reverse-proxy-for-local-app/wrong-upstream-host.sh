#!/bin/bash
# must fail req-4: nginx adds X-Forwarded-For but leaves the Host header at its default, the upstream's 127.0.0.1:3000, so the app never sees the name the client asked for
set -euo pipefail
. tasklib/install-pkgs.sh
. tasklib/nginx-site.sh
. ./board.sh
board_nginx_site <<'HEADERS'
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
HEADERS
