#!/bin/bash
# Starting condition: MariaDB + Galera installed on node1..node3. node1 runs MariaDB standalone
# with the `shop` database; node2 and node3 have the packages only (MariaDB stopped).
set -euo pipefail
. tasklib/galera.sh
export DEBIAN_FRONTEND=noninteractive
t0=$(date +%s)
galera_apt_install
echo "install took $(( $(date +%s) - t0 )) s"
if [ "$NODE" != node1 ]; then
  systemctl stop mariadb.service
  exit 0
fi
systemctl is-active --quiet mariadb.service || systemctl start mariadb.service
galera_shop_data mariadb
mariadb -N -e "SELECT COUNT(*) FROM shop.orders"
