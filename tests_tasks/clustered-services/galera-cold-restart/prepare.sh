#!/bin/bash
# Starting condition: node1..node3 formed a MariaDB Galera cluster (`shop` database). Then the
# outage, driven from node3 once it has joined: node1 shuts down, a row is written; node2 shuts
# down, the newest row is written on node3 alone; node3 crashes (SIGKILL). So node3 holds the
# newest transactions, but its grastate.dat says seqno -1, and no node is marked safe to
# bootstrap. Run on node1, node2, node3 in that order.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1 || {
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1
}
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
peers=""
for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
cat > /etc/mysql/mariadb.conf.d/60-galera.cnf <<CNF
[galera]
wsrep_on                 = ON
wsrep_provider           = /usr/lib/galera/libgalera_smm.so
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
    # the crash: no clean shutdown, and no automatic restart by systemd
    systemctl kill -s KILL mariadb.service
    systemctl stop mariadb.service || true
    sleep 1
    ! pgrep -x mariadbd >/dev/null
    ;;
esac
