#!/bin/bash
# must fail req-4: node1 and node2 get the three-node address in a new drop-in, /etc/my.cnf.d/cluster-members.cnf, but the files there are read in name order, so the old two-node address in galera.cnf, read later, still wins at their next start
# rhel family, NOT validated: the same mistake as wrong-earlier-file.sh; here every file comes from /etc/my.cnf.d, read in name order, so the drop-in cluster-members.cnf is read before galera.cnf and galera.cnf's two-node address still wins
# steps: node3 node1 node2
set -euo pipefail
. tasklib/galera.sh
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
if [ "$NODE" = node3 ]; then
  galera_cnf /etc/my.cnf.d/galera.cnf galera /usr/lib64/galera/libgalera_smm.so "gcomm://$peers" "$OB_ADDR_NODE3_PRIV" node3
  systemctl restart mariadb.service
  galera_wait_synced 150 || true
else
  # a drop-in of our own instead of editing the file the cluster was set up with
  cat > /etc/my.cnf.d/cluster-members.cnf <<CNF
[galera]
wsrep_cluster_address = gcomm://$peers
CNF
fi
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
