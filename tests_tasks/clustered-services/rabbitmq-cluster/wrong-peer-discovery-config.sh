#!/bin/bash
# must fail req-1, req-3, req-5: names and the agreed cookie are set and the three nodes are listed for classic-config peer discovery in rabbitmq.conf, but peer discovery only runs on a blank node; these brokers already have a database, so each restarts standalone and nothing ever joins
set -euo pipefail
COOKIE=Q7XR2KMD4VZ8OPSBENCH
sed -i -E '/[[:space:]](node1|node2|node3)$/d' /etc/hosts
cat >> /etc/hosts <<HOSTS
$OB_ADDR_NODE1_PRIV node1
$OB_ADDR_NODE2_PRIV node2
$OB_ADDR_NODE3_PRIV node3
HOSTS
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
