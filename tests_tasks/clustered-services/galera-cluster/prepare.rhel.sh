#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: MariaDB + Galera installed on node1..node3. node1 runs MariaDB
# standalone with the `shop` database; node2 and node3 have the packages only (MariaDB stopped, its
# data directory initialised and the unit enabled, as Debian's package leaves it).
# The packaged /etc/my.cnf.d/galera.cnf keeps wsrep_on=0 (standalone). firewalld and SELinux stay as
# the image ships them (on, enforcing).
# VENDOR REPOSITORIES: mariadb-server, mariadb-server-galera and galera come from the image's own
# AppStream repository (EL9: MariaDB 10.5, EL10: 10.11; RHEL: a subscription); they do not go
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/galera.sh
t0=$(date +%s)
if ! rpm -q mariadb-server mariadb-server-galera galera >/dev/null 2>&1; then
  dnf -y -q install mariadb-server mariadb-server-galera galera >/tmp/ob-install.log 2>&1 \
    || { tail -n 20 /tmp/ob-install.log; exit 1; }
fi
echo "install took $(( $(date +%s) - t0 )) s"
# the client is `mariadb` on EL10 and newer EL9 builds, `mysql` on older ones
mdb=$(command -v mariadb || command -v mysql)
systemctl enable mariadb.service
# EL's unit initialises the data directory on its first start (Debian's package does it on install)
systemctl is-active --quiet mariadb.service || systemctl start mariadb.service
if [ "$NODE" != node1 ]; then
  systemctl stop mariadb.service
  exit 0
fi
galera_shop_data "$mdb"
"$mdb" -N -e "SELECT COUNT(*) FROM shop.orders"
