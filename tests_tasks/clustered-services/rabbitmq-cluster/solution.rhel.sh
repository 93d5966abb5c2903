#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (peers' names on priv in
# /etc/hosts, the agreed cookie, node2 and node3 join rabbit@node1; steps run node1, node2, node3),
# plus firewalld, which is on here: the three nodes' priv addresses may reach epmd (4369) and the
# Erlang distribution port (25672), permanently.
set -euo pipefail
. ./cluster.sh
COOKIE=Q7XR2KMD4VZ8OPSBENCH
peer_names
open_firewall_to_peers
agreed_cookie
start_broker
if [ "$NODE" != node1 ]; then
  if ! rabbitmqctl cluster_status --formatter json | python3 -c 'import json,sys; sys.exit(0 if "rabbit@node1" in json.load(sys.stdin)["running_nodes"] else 1)'; then
    join_node1
  fi
fi
rabbitmqctl cluster_status
