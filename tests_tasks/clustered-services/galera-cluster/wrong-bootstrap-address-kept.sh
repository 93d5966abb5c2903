#!/bin/bash
# must fail req-5: node1 is bootstrapped the old way, with an empty wsrep_cluster_address (gcomm://) in its configuration, and that is left there; the cluster works now, but when MariaDB restarts on node1 it tries to start a new cluster of its own instead of rejoining
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
# the first node starts the cluster: it has no one to connect to
[ "$NODE" = node1 ] && address="gcomm://" || address="gcomm://$peers"
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "$address" "$me"
systemctl restart mariadb.service
synced mariadb
