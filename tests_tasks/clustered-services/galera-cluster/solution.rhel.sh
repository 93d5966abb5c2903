#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (the same Galera configuration on
# every node, cluster traffic on the private addresses; node1 bootstraps the cluster with its data,
# node2 and node3 join by SST; steps run node1, node2, node3), with EL's paths: the packaged
# /etc/my.cnf.d/galera.cnf (wsrep_on=0) is replaced, the provider is /usr/lib64/galera. Plus firewalld,
# which is on here: the three nodes' priv addresses may reach 3306, 4444 (SST), 4567 and 4568 (IST),
# permanently. SELinux stays enforcing: mysqld_port_t already holds 4444/4567/4568, and rsync SST
# needs no extra module (mariabackup SST would).
set -euo pipefail
. tasklib/galera.sh
. ./member.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
mdb=$(command -v mariadb || command -v mysql)
open_firewall_to_members
galera_cnf /etc/my.cnf.d/galera.cnf mysqld /usr/lib64/galera/libgalera_smm.so "gcomm://$peers" "$me"
systemctl enable mariadb.service
start_member node1
synced "$mdb"
