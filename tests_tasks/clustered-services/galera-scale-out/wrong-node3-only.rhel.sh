#!/bin/bash
# must fail req-4: node3 gets the configuration with all three addresses and joins; node1's and node2's files are left listing only each other (the running members learn of node3 anyway), so neither finds the cluster through node3 after a restart
# rhel family, NOT validated: the same mistake as wrong-node3-only.sh, in /etc/my.cnf.d/galera.cnf
# steps: node3
set -euo pipefail
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
peers="$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV,$OB_ADDR_NODE3_PRIV"
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
for i in $(seq 1 150); do
  [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && break
  sleep 2
done
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
