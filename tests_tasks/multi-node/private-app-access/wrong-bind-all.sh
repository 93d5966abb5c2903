#!/bin/bash
# must fail req-2: the app is made to listen on every address (--bind 0.0.0.0) instead of node1's private one, so it answers on node1's management address too
set -euo pipefail
. ./inventory.sh
case "$NODE" in
  node1)
    install -d /etc/systemd/system/inventory.service.d
    cat > /etc/systemd/system/inventory.service.d/bind.conf <<'CONF'
[Service]
ExecStart=
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 0.0.0.0 --directory /srv/inventory
CONF
    restart_inventory ;;
  node2)
    inventory_name
    curl -sf http://inventory.internal:8080/ ;;
esac
