#!/bin/bash
# must fail req-2: the two blank nodes form the cluster first (node2 bootstraps, node3 joins) and node1 joins last; a joiner takes a full state transfer from the cluster, so node1's shop database is replaced by node2's empty data directory
# steps: node2 node3 node1
set -euo pipefail
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=""
for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
cat > /etc/mysql/mariadb.conf.d/60-galera.cnf <<CNF
[galera]
wsrep_on                 = ON
wsrep_provider           = /usr/lib/galera/libgalera_smm.so
wsrep_cluster_name       = shop-cluster
wsrep_cluster_address    = gcomm://$peers
wsrep_node_address       = $me
wsrep_node_name          = $NODE
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
if [ "$NODE" = node2 ]; then
  systemctl stop mariadb.service
  galera_new_cluster
else
  systemctl restart mariadb.service
fi
for i in $(seq 1 120); do
  state=$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')
  [ "$state" = Synced ] && break
  sleep 2
done
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
[ "$state" = Synced ]
