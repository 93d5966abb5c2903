#!/bin/bash
# must fail req-5: node1 is bootstrapped the old way, with an empty wsrep_cluster_address (gcomm://) in its configuration, and that is left there; the cluster works now, but when MariaDB restarts on node1 it tries to start a new cluster of its own instead of rejoining
# rhel family, NOT validated: the same mistake as wrong-bootstrap-address-kept.sh, with EL's paths (the packaged /etc/my.cnf.d/galera.cnf replaced, provider /usr/lib64/galera); firewalld is opened as in the reference, so only the mistake differs
set -euo pipefail
mdb=$(command -v mariadb || command -v mysql)
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=""
for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
# the first node starts the cluster: it has no one to connect to
[ "$NODE" = node1 ] && address="gcomm://" || address="gcomm://$peers"
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 3306, 4444, 4567, 4568
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
wsrep_cluster_address    = $address
wsrep_node_address       = $me
wsrep_node_name          = $NODE
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
systemctl enable mariadb.service
systemctl restart mariadb.service
for i in $(seq 1 120); do
  state=$("$mdb" -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')
  [ "$state" = Synced ] && break
  sleep 2
done
"$mdb" -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
[ "$state" = Synced ]
