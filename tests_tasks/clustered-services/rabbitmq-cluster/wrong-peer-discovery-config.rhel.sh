#!/bin/bash
# must fail req-1, req-3, req-5: names and the agreed cookie are set and the three nodes are listed for classic-config peer discovery in rabbitmq.conf, but peer discovery only runs on a blank node; these brokers already have a database, so each restarts standalone and nothing ever joins
# rhel family, NOT validated: the same mistake as wrong-peer-discovery-config.sh; firewalld is opened as in the reference
set -euo pipefail
. ./cluster.sh
COOKIE=Q7XR2KMD4VZ8OPSBENCH
peer_names
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 4369 and 25672
open_firewall_to_peers
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
start_broker
rabbitmqctl cluster_status
