#!/bin/bash
# Included by the reference solution and the wrong solutions.

# board_answers: waits up to 10 s until port 80 of node1 answers with the status board's JSON
# (printing it); fails, saying so, if it does not.
board_answers() {
  local i
  for i in $(seq 50); do curl -sf http://127.0.0.1/ | grep '"app": "status-board"' && return 0; sleep 0.2; done
  echo "port 80 does not answer with the status board" >&2
  return 1
}

# board_nginx_site: nginx installed, and its only site a reverse proxy on port 80 for every host
# name to the status board on 127.0.0.1:3000, with the proxy_set_header lines read on stdin;
# enabled at boot, restarted, answering. Needs tasklib/install-pkgs.sh and tasklib/nginx-site.sh.
board_nginx_site() {
  install_pkgs nginx
  {
    cat <<'CONF'
server {
    listen 80 default_server;
    server_name _;
    location / {
        proxy_pass http://127.0.0.1:3000;
CONF
    sed 's/^/        /'
    printf '    }\n}\n'
  } | nginx_only_site status-board
  board_answers
}

# board_haproxy_proxy: prints HAProxy's defaults, frontend and backend sections that publish the
# status board on port 80 of every address, with `option forwardfor` (the client's address
# added as an X-Forwarded-For header of its own, after any the client sent).
board_haproxy_proxy() {
  cat <<'CFG'
defaults
    mode http
    timeout connect 5s
    timeout client 30s
    timeout server 30s

# the status board, published on port 80; the app itself stays on the loopback
frontend board_http
    bind :80
    option forwardfor
    default_backend status_board

backend status_board
    server board 127.0.0.1:3000
CFG
}
