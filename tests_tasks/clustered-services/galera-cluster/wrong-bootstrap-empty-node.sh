#!/bin/bash
# must fail req-2: the two blank nodes form the cluster first (node2 bootstraps, node3 joins) and node1 joins last; a joiner takes a full state transfer from the cluster, so node1's shop database is replaced by node2's empty data directory
# steps: node2 node3 node1
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$me"
start_member node2
synced mariadb
