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
if ! rpm -q mariadb-server mariadb-server-galera galera rsync >/dev/null 2>&1; then
  dnf -y -q install mariadb-server mariadb-server-galera galera rsync >/tmp/ob-install.log 2>&1
fi
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
if systemctl is-active --quiet firewalld.service; then
  for p in 3306/tcp 4444/tcp 4567/tcp 4568/tcp 4567/udp; do
    firewall-cmd -q --permanent --add-port="$p"
  done
  firewall-cmd -q --reload
fi
systemctl enable -q mariadb.service
systemctl stop mariadb.service
[ "$NODE" = node3 ] && exit 0
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
cat > /etc/my.cnf.d/galera.cnf <<CNF
[galera]
wsrep_on                 = ON
wsrep_provider           = /usr/lib64/galera/libgalera_smm.so
wsrep_cluster_name       = shop-cluster
wsrep_cluster_address    = gcomm://$OB_ADDR_NODE1_PRIV,$OB_ADDR_NODE2_PRIV
wsrep_node_address       = $me
wsrep_node_name          = $NODE
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
if [ "$NODE" = node1 ]; then galera_new_cluster; else systemctl start mariadb.service; fi
for i in $(seq 1 150); do
  [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && break
  sleep 2
done
[ "$NODE" = node1 ] || exit 0
mariadb <<'SQL'
CREATE DATABASE IF NOT EXISTS shop;
USE shop;
CREATE TABLE IF NOT EXISTS customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, city VARCHAR(64)) ENGINE=InnoDB;
CREATE TABLE IF NOT EXISTS orders (id INT PRIMARY KEY, customer_id INT NOT NULL, item VARCHAR(64), qty INT,
  FOREIGN KEY (customer_id) REFERENCES customers(id)) ENGINE=InnoDB;
DELETE FROM orders; DELETE FROM customers;
INSERT INTO customers SELECT seq, CONCAT('customer-', seq), ELT(1 + seq % 4, 'Lyon', 'Porto', 'Graz', 'Turku') FROM seq_1_to_40;
INSERT INTO orders SELECT seq, 1 + seq % 40, CONCAT('item-', seq % 17), 1 + seq % 5 FROM seq_1_to_250;
SQL
