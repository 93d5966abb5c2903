#!/bin/bash
# Reference solution: node1 binds the app to its private address only; node2 resolves
# inventory.internal to that address.
set -euo pipefail
case "$NODE" in
  node1)
    install -d /etc/systemd/system/inventory.service.d
    cat > /etc/systemd/system/inventory.service.d/bind.conf <<CONF
[Service]
ExecStart=
ExecStart=/usr/bin/python3 -m http.server 8080 --bind $OB_ADDR_NODE1_PRIV --directory /srv/inventory
CONF
    systemctl daemon-reload
    systemctl restart inventory.service
    for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8080/" >/dev/null && exit 0; sleep 0.2; done
    exit 1 ;;
  node2)
    sed -i '/[[:space:]]inventory\.internal$/d' /etc/hosts
    echo "$OB_ADDR_NODE1_PRIV inventory.internal" >> /etc/hosts
    curl -sf http://inventory.internal:8080/ ;;
esac
