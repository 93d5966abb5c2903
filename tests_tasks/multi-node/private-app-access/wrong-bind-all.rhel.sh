#!/bin/bash
# must fail req-2: the app is made to listen on every address (--bind 0.0.0.0) instead of node1's private one, so it answers on node1's management address too
# rhel family, written, NOT validated: the same mistake; with firewalld on here the agent who binds
# every address opens the port the same broad way, 8080/tcp in the default zone
# (firewall-cmd --permanent --add-port), so the app answers on the management address as on Debian
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
    firewall-cmd -q --permanent --add-port=8080/tcp
    firewall-cmd -q --reload
    restart_inventory ;;
  node2)
    inventory_name
    curl -sf http://inventory.internal:8080/ ;;
esac
