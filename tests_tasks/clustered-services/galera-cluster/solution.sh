#!/bin/bash
# Reference solution: the same Galera configuration on every node (cluster traffic on the
# private addresses); node1 bootstraps the cluster with its data, node2 and node3 join (SST).
# Run on node1 first, then node2, then node3 (oracle steps).
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$me"
start_member node1
synced mariadb
