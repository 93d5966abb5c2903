#!/bin/bash
# must fail req-6: the peers' names are added to /etc/hosts only on node2 and node3, which run join_cluster; node1, the node they join, is left unable to resolve node2 and node3, so it cannot reach its peers by itself
# rhel family, NOT validated: the same mistake as wrong-hosts-on-joiners-only.sh; firewalld is opened on every node as in the reference, by address, so only the missing names differ
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
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 4369 and 25672
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
