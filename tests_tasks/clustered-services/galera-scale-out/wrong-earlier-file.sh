#!/bin/bash
# must fail req-4: node1 and node2 get the three-node address in a new drop-in, /etc/mysql/conf.d/galera-members.cnf, but conf.d is read before mariadb.conf.d, so the old two-node address in 60-galera.cnf still wins at their next start
# steps: node3 node1 node2
set -euo pipefail
. tasklib/galera.sh
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
if [ "$NODE" = node3 ]; then
  galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
  systemctl restart mariadb.service
  galera_wait_synced 150 || true
else
  # a drop-in of our own instead of editing the file the cluster was set up with
  cat > /etc/mysql/conf.d/galera-members.cnf <<CNF
[galera]
wsrep_cluster_address = gcomm://$peers
CNF
fi
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
