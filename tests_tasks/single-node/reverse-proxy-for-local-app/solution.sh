#!/bin/bash
# Reference solution: HAProxy on port 80 (all addresses) in front of the app on 127.0.0.1:3000.
# HAProxy passes the Host header on unchanged; `option forwardfor` adds the client's address as a
# header of its own after any the client sent, so it is the chain's last entry. The packaged
# haproxy.service is enabled at boot.
set -euo pipefail
. tasklib/install-pkgs.sh
. ./board.sh
install_pkgs haproxy
{
  cat <<'CFG'
global
    chroot /var/lib/haproxy
    user haproxy
    group haproxy
    daemon

CFG
  board_haproxy_proxy
} > /etc/haproxy/haproxy.cfg
haproxy -c -f /etc/haproxy/haproxy.cfg
systemctl enable haproxy.service
systemctl restart haproxy.service
board_answers
