#!/bin/bash
# must fail req-2: the app is made to listen on every address (--bind 0.0.0.0) instead of node1's private one, so it answers on node1's management address too
set -euo pipefail
case "$NODE" in
  node1)
    install -d /etc/systemd/system/inventory.service.d
    cat > /etc/systemd/system/inventory.service.d/bind.conf <<'CONF'
[Service]
ExecStart=
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 0.0.0.0 --directory /srv/inventory
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
