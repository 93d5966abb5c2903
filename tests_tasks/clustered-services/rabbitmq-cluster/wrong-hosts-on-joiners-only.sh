#!/bin/bash
# must fail req-6: the peers' names are added to /etc/hosts only on node2 and node3, which run join_cluster; node1, the node they join, is left unable to resolve node2 and node3, so it cannot reach its peers by itself
set -euo pipefail
COOKIE=Q7XR2KMD4VZ8OPSBENCH
if [ "$NODE" != node1 ]; then
  sed -i -E '/[[:space:]](node1|node2|node3)$/d' /etc/hosts
  cat >> /etc/hosts <<HOSTS
$OB_ADDR_NODE1_PRIV node1
$OB_ADDR_NODE2_PRIV node2
$OB_ADDR_NODE3_PRIV node3
HOSTS
fi
if [ "$(cat /var/lib/rabbitmq/.erlang.cookie 2>/dev/null)" != "$COOKIE" ]; then
  systemctl stop rabbitmq-server.service
  printf '%s' "$COOKIE" > /var/lib/rabbitmq/.erlang.cookie
  chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie
  chmod 400 /var/lib/rabbitmq/.erlang.cookie
fi
systemctl enable rabbitmq-server.service
systemctl start rabbitmq-server.service
rabbitmqctl await_startup --timeout 600 >/dev/null
if [ "$NODE" != node1 ]; then
  rabbitmqctl stop_app
  rabbitmqctl reset
  rabbitmqctl join_cluster rabbit@node1
  rabbitmqctl start_app
fi
rabbitmqctl cluster_status
