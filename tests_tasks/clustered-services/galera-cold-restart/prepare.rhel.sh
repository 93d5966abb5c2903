#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: node1..node3 formed a MariaDB Galera cluster (`shop`
# database); then the outage, driven from node3: node1 shuts down, a row is written; node2 shuts
# down, the newest rows are written on node3 alone; node3 crashes (SIGKILL). node3 holds the
# newest transactions, its grastate.dat says seqno -1, no node is safe to bootstrap. Run on node1,
# node2, node3 in that order.
# Differences from Debian: AppStream's mariadb-server + mariadb-server-galera + galera (MariaDB
# 10.5 on EL9, 10.11 on EL10), the Galera settings in /etc/my.cnf.d/galera.cnf (the file
# mariadb-server-galera ships, replaced here: a file sorting before it would be overridden by it),
# provider /usr/lib64/galera/libgalera_smm.so, log /var/log/mariadb/mariadb.log. firewalld is on
# in these images: the cluster's ports were opened (permanently) when it was built, as part of
# the starting condition. SELinux stays enforcing (rsync SST joined under it in the study).
# VENDOR REPOSITORIES: the image's own BaseOS/AppStream (RHEL: a subscription); the lab's
# package cache serves apt only.
set -euo pipefail
. tasklib/galera.sh
galera_el_node
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=$(galera_peers)
galera_cnf /etc/my.cnf.d/galera.cnf galera /usr/lib64/galera/libgalera_smm.so "gcomm://$peers" "$me"
server='mariadbd|mysqld'
. ./outage.sh
