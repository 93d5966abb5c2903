#!/bin/bash
# Starting condition: node1..node3 formed a MariaDB Galera cluster (`shop` database). Then the
# outage, driven from node3 once it has joined: node1 shuts down, a row is written; node2 shuts
# down, the newest row is written on node3 alone; node3 crashes (SIGKILL). So node3 holds the
# newest transactions, but its grastate.dat says seqno -1, and no node is marked safe to
# bootstrap. Run on node1, node2, node3 in that order.
set -euo pipefail
. tasklib/galera.sh
export DEBIAN_FRONTEND=noninteractive
galera_apt_install
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
galera_cnf /etc/mysql/mariadb.conf.d/60-galera.cnf galera /usr/lib/galera/libgalera_smm.so "gcomm://$peers" "$me"
server=mariadbd
. ./outage.sh
