#!/bin/bash
# must fail req-6: the peers' names are added to /etc/hosts only on node2 and node3, which run join_cluster; node1, the node they join, is left unable to resolve node2 and node3, so it cannot reach its peers by itself
# rhel family, NOT validated: the same mistake as wrong-hosts-on-joiners-only.sh; firewalld is opened on every node as in the reference, by address, so only the missing names differ
set -euo pipefail
. ./cluster.sh
COOKIE=Q7XR2KMD4VZ8OPSBENCH
if [ "$NODE" != node1 ]; then
  peer_names
fi
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 4369 and 25672
open_firewall_to_peers
agreed_cookie
start_broker
if [ "$NODE" != node1 ]; then
  join_node1
fi
rabbitmqctl cluster_status
