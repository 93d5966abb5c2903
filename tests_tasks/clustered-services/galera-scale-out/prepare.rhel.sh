#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: node1 and node2 form a two-node MariaDB Galera cluster
# (`shop` database); node3 has MariaDB and Galera installed, stopped and not configured (its
# /etc/my.cnf.d/galera.cnf is the one the package ships). Run on node1, node2, node3.
# Differences from Debian: AppStream's mariadb-server + mariadb-server-galera + galera (MariaDB
# 10.5 on EL9, 10.11 on EL10), the Galera settings in /etc/my.cnf.d/galera.cnf (the packaged
# file, replaced: a file sorting before it would be overridden by it), provider
# /usr/lib64/galera/libgalera_smm.so. firewalld is on in these images: the MariaDB/Galera ports
# are opened (permanently) on all three nodes, node3 included, as part of provisioning, so the
# task stays the Debian one. SELinux stays enforcing (rsync SST joined under it in the study).
# VENDOR REPOSITORIES: the image's own BaseOS/AppStream (RHEL: a subscription); the lab's
# package cache serves apt only.
set -euo pipefail
. tasklib/galera.sh
galera_el_node
systemctl stop mariadb.service
[ "$NODE" = node3 ] && exit 0
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
galera_cnf /etc/my.cnf.d/galera.cnf galera /usr/lib64/galera/libgalera_smm.so "gcomm://$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV" "$me"
if [ "$NODE" = node1 ]; then galera_new_cluster; else systemctl start mariadb.service; fi
galera_wait_synced 150 || true
[ "$NODE" = node1 ] || exit 0
galera_shop_data mariadb
