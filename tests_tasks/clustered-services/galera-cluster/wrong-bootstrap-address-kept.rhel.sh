#!/bin/bash
# must fail req-5: node1 is bootstrapped the old way, with an empty wsrep_cluster_address (gcomm://) in its configuration, and that is left there; the cluster works now, but when MariaDB restarts on node1 it tries to start a new cluster of its own instead of rejoining
# rhel family, NOT validated: the same mistake as wrong-bootstrap-address-kept.sh, with EL's paths (the packaged /etc/my.cnf.d/galera.cnf replaced, provider /usr/lib64/galera); firewalld is opened as in the reference, so only the mistake differs
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
mdb=$(command -v mariadb || command -v mysql)
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
# the first node starts the cluster: it has no one to connect to
[ "$NODE" = node1 ] && address="gcomm://" || address="gcomm://$peers"
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 3306, 4444, 4567, 4568
open_firewall_to_members
galera_cnf /etc/my.cnf.d/galera.cnf mysqld /usr/lib64/galera/libgalera_smm.so "$address" "$me"
systemctl enable mariadb.service
systemctl restart mariadb.service
synced "$mdb"
