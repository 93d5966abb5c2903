#!/bin/bash
# Reference solution: node3 gets the cluster's Galera configuration with all three addresses
# and joins (full state transfer from a donor); node1 and node2 list node3 in their cluster
# address for their next restart (no restart needed now). Oracle steps: node3, node1, node2.
set -euo pipefail
. tasklib/galera.sh
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
cnf=/etc/mysql/mariadb.conf.d/60-galera.cnf
if [ "$NODE" = node3 ]; then
  galera_cnf "$cnf" galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
  systemctl restart mariadb.service
  galera_wait_synced 150 || true
else
  sed -i "s|^wsrep_cluster_address.*|wsrep_cluster_address    = gcomm://$peers|" "$cnf"
fi
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
