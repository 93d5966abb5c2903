#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# restart_inventory: node1's inventory service restarted with its drop-ins; returns once it
# answers on node1's private address, fails if it does not within 10 seconds.
restart_inventory() {
  local i
  systemctl daemon-reload
  systemctl restart inventory.service
  for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8080/" >/dev/null && return 0; sleep 0.2; done
  return 1
}

# inventory_name: on node2, inventory.internal is node1's private address (/etc/hosts).
inventory_name() {
  sed -i '/[[:space:]]inventory\.internal$/d' /etc/hosts
  echo "$OB_ADDR_NODE1_PRIV inventory.internal" >> /etc/hosts
}
