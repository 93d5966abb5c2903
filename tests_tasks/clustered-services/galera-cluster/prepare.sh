#!/bin/bash
# Starting condition: MariaDB + Galera installed on node1..node3. node1 runs MariaDB standalone
# with the `shop` database; node2 and node3 have the packages only (MariaDB stopped).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
t0=$(date +%s)
apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1 || {
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1
}
echo "install took $(( $(date +%s) - t0 )) s"
if [ "$NODE" != node1 ]; then
  systemctl stop mariadb.service
  exit 0
fi
systemctl is-active --quiet mariadb.service || systemctl start mariadb.service
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
mariadb -N -e "SELECT COUNT(*) FROM shop.orders"
