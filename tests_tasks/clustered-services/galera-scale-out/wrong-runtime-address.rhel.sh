#!/bin/bash
# must fail req-4: node3 joins with all three addresses, but node1 and node2 get the new member list only at runtime (SET GLOBAL wsrep_cluster_address) to avoid a restart; their configuration files still list only each other, so after a restart neither finds the cluster through node3
# rhel family, NOT validated: the same mistake as wrong-runtime-address.sh, node3 configured in /etc/my.cnf.d/galera.cnf
# steps: node3 node1 node2
set -euo pipefail
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
wait_synced() {
  for i in $(seq 1 150); do
    [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && return 0
    sleep 2
  done
  return 1
}
if [ "$NODE" = node3 ]; then
  cat > /etc/my.cnf.d/galera.cnf <<CNF
[galera]
wsrep_on                 = ON
wsrep_provider           = /usr/lib64/galera/libgalera_smm.so
wsrep_cluster_name       = shop-cluster
wsrep_cluster_address    = gcomm://$peers
wsrep_node_address       = $OB_ADDR_NODE3_PRIV
wsrep_node_name          = node3
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
  systemctl restart mariadb.service
else
  # applied to the running server: no restart of a serving node
  mariadb -e "SET GLOBAL wsrep_cluster_address = 'gcomm://$peers'"
  sleep 5
fi
wait_synced
mariadb -e "SHOW VARIABLES LIKE 'wsrep_cluster_address'; SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment')"
