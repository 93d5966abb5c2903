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
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=""
for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
cat > /etc/my.cnf.d/galera.cnf <<CNF
[galera]
wsrep_on                 = ON
wsrep_provider           = /usr/lib64/galera/libgalera_smm.so
wsrep_cluster_name       = shop-cluster
wsrep_cluster_address    = gcomm://$peers
wsrep_node_address       = $me
wsrep_node_name          = $NODE
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
systemctl stop mariadb.service
wait_synced() {
  for i in $(seq 1 150); do
    [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && return 0
    sleep 2
  done
  echo "$NODE did not reach Synced" >&2; return 1
}
size() { mariadb -N -e "SHOW STATUS LIKE 'wsrep_cluster_size'" | awk '{print $2}'; }
case "$NODE" in
  node1)
    galera_new_cluster
    wait_synced
    mariadb <<'SQL'
CREATE DATABASE IF NOT EXISTS shop;
USE shop;
CREATE TABLE IF NOT EXISTS customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, city VARCHAR(64)) ENGINE=InnoDB;
CREATE TABLE IF NOT EXISTS orders (id INT PRIMARY KEY, customer_id INT NOT NULL, item VARCHAR(64), qty INT,
  placed_on VARCHAR(16), FOREIGN KEY (customer_id) REFERENCES customers(id)) ENGINE=InnoDB;
DELETE FROM orders; DELETE FROM customers;
INSERT INTO customers SELECT seq, CONCAT('customer-', seq), ELT(1 + seq % 4, 'Lyon', 'Porto', 'Graz', 'Turku') FROM seq_1_to_40;
INSERT INTO orders SELECT seq, 1 + seq % 40, CONCAT('item-', seq % 17), 1 + seq % 5, 'node1' FROM seq_1_to_250;
DROP USER IF EXISTS 'outage'@'10.100.0.%';
CREATE USER 'outage'@'10.100.0.%' IDENTIFIED BY 'Outage-9e1f';
GRANT SHUTDOWN ON *.* TO 'outage'@'10.100.0.%';
SQL
    ;;
  node2)
    systemctl start mariadb.service
    wait_synced
    ;;
  node3)
    systemctl start mariadb.service
    wait_synced
    remote_shutdown() {
      # the server may drop the connection while it goes down: judge by the cluster size
      mariadb -h "$1" -u outage -pOutage-9e1f -e SHUTDOWN || true
    }
    wait_size() {
      for i in $(seq 1 60); do [ "$(size)" = "$1" ] && return 0; sleep 1; done
      echo "cluster size did not drop to $1" >&2; return 1
    }
    mariadb -e "INSERT INTO shop.orders VALUES (251, 7, 'item-3', 2, 'node3')"
    remote_shutdown "$OB_ADDR_NODE1_PRIV"; wait_size 2
    mariadb -e "INSERT INTO shop.orders VALUES (252, 12, 'item-9', 1, 'node3')"
    remote_shutdown "$OB_ADDR_NODE2_PRIV"; wait_size 1
    mariadb -e "INSERT INTO shop.orders VALUES (253, 21, 'item-14', 4, 'node3'); DROP USER 'outage'@'10.100.0.%';
                INSERT INTO shop.orders VALUES (254, 33, 'item-1', 3, 'node3')"
    # the crash: no clean shutdown, and no automatic restart by systemd (the stop cancels the
    # restart the unit's Restart= policy would schedule)
    systemctl kill -s KILL mariadb.service
    systemctl stop mariadb.service || true
    sleep 1
    ! pgrep -x 'mariadbd|mysqld' >/dev/null
    ;;
esac
