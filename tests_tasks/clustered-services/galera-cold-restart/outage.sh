#!/bin/bash
# The starting condition once MariaDB and Galera are installed and configured, the same on both
# families: the cluster formed (node1 bootstraps it with the shop data, node2 and node3 join),
# then the outage driven from node3. Needs tasklib/galera.sh, and `server`: the server's process
# name(s) for pgrep -x, to make sure node3's has crashed.
systemctl stop mariadb.service
wait_synced() {
  galera_wait_synced 150 || { echo "$NODE did not reach Synced" >&2; return 1; }
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
    ! pgrep -x "$server" >/dev/null
    ;;
esac
