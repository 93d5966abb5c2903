#!/bin/bash
# Starting condition: node1 and node2 form a two-node MariaDB Galera cluster (`shop` database);
# node3 has MariaDB and Galera installed, stopped and not configured. Run on node1, node2, node3.
set -euo pipefail
. tasklib/galera.sh
export DEBIAN_FRONTEND=noninteractive
galera_apt_install
systemctl stop mariadb.service
[ "$NODE" = node3 ] && exit 0
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV" "$me"
if [ "$NODE" = node1 ]; then galera_new_cluster; else systemctl start mariadb.service; fi
galera_wait_synced 150 || true
[ "$NODE" = node1 ] || exit 0
galera_shop_data mariadb
