#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (the same Galera configuration on
# every node, cluster traffic on the private addresses; node1 bootstraps the cluster with its data,
# node2 and node3 join by SST; steps run node1, node2, node3), with EL's paths: the packaged
# /etc/my.cnf.d/galera.cnf (wsrep_on=0) is replaced, the provider is /usr/lib64/galera. Plus firewalld,
# which is on here: the three nodes' priv addresses may reach 3306, 4444 (SST), 4567 and 4568 (IST),
# permanently. SELinux stays enforcing: mysqld_port_t already holds 4444/4567/4568, and rsync SST
# needs no extra module (mariabackup SST would).
set -euo pipefail
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=""
for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
mdb=$(command -v mariadb || command -v mysql)
if systemctl is-active --quiet firewalld.service; then
  for n in $OB_NODES; do
    v="OB_ADDR_${n^^}_PRIV"
    for port in 3306 4444 4567 4568; do
      firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"${!v}\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
    done
  done
  firewall-cmd --reload >/dev/null
fi
cat > /etc/my.cnf.d/galera.cnf <<CNF
[mysqld]
wsrep_on                 = ON
wsrep_provider           = /usr/lib64/galera/libgalera_smm.so
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
systemctl enable mariadb.service
if [ "$NODE" = node1 ]; then
  systemctl stop mariadb.service
  galera_new_cluster
else
  systemctl restart mariadb.service
fi
for i in $(seq 1 120); do
  state=$("$mdb" -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')
  [ "$state" = Synced ] && break
  sleep 2
done
"$mdb" -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
[ "$state" = Synced ]
