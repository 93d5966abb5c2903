#!/bin/bash
# must fail req-1, req-3, req-5: names and the agreed cookie are set and the three nodes are listed for classic-config peer discovery in rabbitmq.conf, but peer discovery only runs on a blank node; these brokers already have a database, so each restarts standalone and nothing ever joins
# rhel family, NOT validated: the same mistake as wrong-peer-discovery-config.sh; firewalld is opened as in the reference
set -euo pipefail
COOKIE=Q7XR2KMD4VZ8OPSBENCH
sed -i -E '/[[:space:]](node1|node2|node3)$/d' /etc/hosts
cat >> /etc/hosts <<HOSTS
$OB_ADDR_NODE1_PRIV node1
$OB_ADDR_NODE2_PRIV node2
$OB_ADDR_NODE3_PRIV node3
HOSTS
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 4369 and 25672
if systemctl is-active --quiet firewalld.service; then
  for addr in "$OB_ADDR_NODE1_PRIV" "$OB_ADDR_NODE2_PRIV" "$OB_ADDR_NODE3_PRIV"; do
    for port in 4369 25672; do
      firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$addr\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
    done
  done
  firewall-cmd --reload >/dev/null
fi
systemctl stop rabbitmq-server.service
printf '%s' "$COOKIE" > /var/lib/rabbitmq/.erlang.cookie
chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie
chmod 400 /var/lib/rabbitmq/.erlang.cookie
cat > /etc/rabbitmq/rabbitmq.conf <<'CONF'
cluster_formation.peer_discovery_backend = rabbit_peer_discovery_classic_config
cluster_formation.classic_config.nodes.1 = rabbit@node1
cluster_formation.classic_config.nodes.2 = rabbit@node2
cluster_formation.classic_config.nodes.3 = rabbit@node3
CONF
systemctl enable rabbitmq-server.service
systemctl start rabbitmq-server.service
rabbitmqctl await_startup --timeout 600 >/dev/null
rabbitmqctl cluster_status
