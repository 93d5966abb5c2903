#!/bin/bash
# must fail req-4: node3 gets the configuration with all three addresses and joins; node1's and node2's files are left listing only each other (the running members learn of node3 anyway), so neither finds the cluster through node3 after a restart
# steps: node3
set -euo pipefail
. tasklib/galera.sh
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
systemctl restart mariadb.service
galera_wait_synced 150 || true
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
