#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (peers' names on priv in
# /etc/hosts, the agreed cookie, node2 and node3 join rabbit@node1; steps run node1, node2, node3),
# plus firewalld, which is on here: the three nodes' priv addresses may reach epmd (4369) and the
# Erlang distribution port (25672), permanently.
set -euo pipefail
COOKIE=Q7XR2KMD4VZ8OPSBENCH
sed -i -E '/[[:space:]](node1|node2|node3)$/d' /etc/hosts
cat >> /etc/hosts <<HOSTS
$OB_ADDR_NODE1_PRIV node1
$OB_ADDR_NODE2_PRIV node2
$OB_ADDR_NODE3_PRIV node3
HOSTS
if systemctl is-active --quiet firewalld.service; then
  for addr in "$OB_ADDR_NODE1_PRIV" "$OB_ADDR_NODE2_PRIV" "$OB_ADDR_NODE3_PRIV"; do
    for port in 4369 25672; do
      firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$addr\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
    done
  done
  firewall-cmd --reload >/dev/null
fi
if [ "$(cat /var/lib/rabbitmq/.erlang.cookie 2>/dev/null)" != "$COOKIE" ]; then
  systemctl stop rabbitmq-server.service
  # an old CLI/epmd session would keep the previous cookie's distribution alive
  printf '%s' "$COOKIE" > /var/lib/rabbitmq/.erlang.cookie
  chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie
  chmod 400 /var/lib/rabbitmq/.erlang.cookie
fi
systemctl enable rabbitmq-server.service
systemctl start rabbitmq-server.service
rabbitmqctl await_startup --timeout 600 >/dev/null
if [ "$NODE" != node1 ]; then
  if ! rabbitmqctl cluster_status --formatter json | python3 -c 'import json,sys; sys.exit(0 if "rabbit@node1" in json.load(sys.stdin)["running_nodes"] else 1)'; then
    rabbitmqctl stop_app
    rabbitmqctl reset
    rabbitmqctl join_cluster rabbit@node1
    rabbitmqctl start_app
  fi
fi
rabbitmqctl cluster_status
