#!/bin/bash
# must fail req-4: node3 joins with all three addresses, but node1 and node2 get the new member list only at runtime (SET GLOBAL wsrep_cluster_address) to avoid a restart; their configuration files still list only each other, so after a restart neither finds the cluster through node3
# steps: node3 node1 node2
set -euo pipefail
. tasklib/galera.sh
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
if [ "$NODE" = node3 ]; then
  galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
  systemctl restart mariadb.service
else
  # applied to the running server: no restart of a serving node
  mariadb -e "SET GLOBAL wsrep_cluster_address = 'gcomm://$peers'"
  sleep 5
fi
galera_wait_synced 150
mariadb -e "SHOW VARIABLES LIKE 'wsrep_cluster_address'; SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
