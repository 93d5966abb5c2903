#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (node1 binds the app to
# its private address only; node2 resolves inventory.internal to it), and firewalld, which runs
# here, admits tcp/8080 from the private network (permanent source rich rule, as the study's EL
# trials scoped ports, e.g. open-sudo/infraset jobs/multi-node-os-comparison/centos-stream10/
# network-scoped-firewall-centos-stream10/…__GCCS37W).
set -euo pipefail
. ./inventory.sh
. ./inventory-firewalld.sh
case "$NODE" in
  node1)
    install -d /etc/systemd/system/inventory.service.d
    cat > /etc/systemd/system/inventory.service.d/bind.conf <<CONF
[Service]
ExecStart=
ExecStart=/usr/bin/python3 -m http.server 8080 --bind $OB_ADDR_NODE1_PRIV --directory /srv/inventory
CONF
    inventory_firewalld
    restart_inventory ;;
  node2)
    inventory_name
    curl -sf http://inventory.internal:8080/ ;;
esac
