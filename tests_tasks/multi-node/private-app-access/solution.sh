#!/bin/bash
# Reference solution: node1 binds the app to its private address only; node2 resolves
# inventory.internal to that address.
set -euo pipefail
. ./inventory.sh
case "$NODE" in
  node1)
    install -d /etc/systemd/system/inventory.service.d
    cat > /etc/systemd/system/inventory.service.d/bind.conf <<CONF
[Service]
ExecStart=
ExecStart=/usr/bin/python3 -m http.server 8080 --bind $OB_ADDR_NODE1_PRIV --directory /srv/inventory
CONF
    restart_inventory ;;
  node2)
    inventory_name
    curl -sf http://inventory.internal:8080/ ;;
esac
