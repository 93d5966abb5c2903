#!/bin/bash
# must fail req-6: the peers' names are added to /etc/hosts only on node2 and node3, which run join_cluster; node1, the node they join, is left unable to resolve node2 and node3, so it cannot reach its peers by itself
set -euo pipefail
. ./cluster.sh
COOKIE=Q7XR2KMD4VZ8OPSBENCH
if [ "$NODE" != node1 ]; then
  peer_names
fi
agreed_cookie
start_broker
if [ "$NODE" != node1 ]; then
  join_node1
fi
rabbitmqctl cluster_status
