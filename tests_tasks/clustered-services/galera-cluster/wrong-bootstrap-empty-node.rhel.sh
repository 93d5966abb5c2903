#!/bin/bash
# must fail req-2: the two blank nodes form the cluster first (node2 bootstraps, node3 joins) and node1 joins last; a joiner takes a full state transfer from the cluster, so node1's shop database is replaced by node2's empty data directory
# steps: node2 node3 node1
# rhel family, NOT validated: the same mistake as wrong-bootstrap-empty-node.sh, with EL's paths (the packaged /etc/my.cnf.d/galera.cnf replaced, provider /usr/lib64/galera); firewalld is opened as in the reference, so only the mistake differs
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
mdb=$(command -v mariadb || command -v mysql)
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
# firewalld (on here) as in solution.rhel.sh: the three priv addresses may reach 3306, 4444, 4567, 4568
open_firewall_to_members
galera_cnf /etc/my.cnf.d/galera.cnf mysqld /usr/lib64/galera/libgalera_smm.so "gcomm://$peers" "$me"
systemctl enable mariadb.service
start_member node2
synced "$mdb"
