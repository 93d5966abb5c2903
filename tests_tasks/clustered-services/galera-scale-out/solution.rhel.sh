#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100): as solution.sh,
# in this family's Galera file /etc/my.cnf.d/galera.cnf (provider under /usr/lib64). prepare.rhel.sh
# opened the firewall on all three nodes, so nothing more is needed here.
# Reference solution: node3 gets the cluster's Galera configuration with all three addresses
# and joins (full state transfer from a donor); node1 and node2 list node3 in their cluster
# address for their next restart (no restart needed now). Oracle steps: node3, node1, node2.
set -euo pipefail
. tasklib/galera.sh
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
cnf=/etc/my.cnf.d/galera.cnf
if [ "$NODE" = node3 ]; then
  galera_cnf "$cnf" galera /usr/lib64/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
  systemctl restart mariadb.service
  galera_wait_synced 150 || true
else
  sed -i "s|^wsrep_cluster_address.*|wsrep_cluster_address    = gcomm://$peers|" "$cnf"
fi
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
