#!/bin/bash
# MariaDB Galera on the galera tasks' nodes: the `shop` cluster of node1..node3 on the private
# network `priv`. The client is called `mariadb`: a rhel-family script that may lack it defines
# `mariadb() { mysql "$@"; }` or passes its own client where a helper takes one.

# galera_apt_install: (Debian family) mariadb-server and galera-4, without recommends; the
# package lists are updated only when the install fails without it. The log: /tmp/ob-install.log
galera_apt_install() {
  apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1 || {
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends mariadb-server galera-4 >/tmp/ob-install.log 2>&1
  }
}

# galera_dnf_install: (rhel family) AppStream's mariadb-server, mariadb-server-galera and galera,
# and rsync (the state transfer), unless they are there. The log: /tmp/ob-install.log
galera_dnf_install() {
  if ! rpm -q mariadb-server mariadb-server-galera galera rsync >/dev/null 2>&1; then
    dnf -y -q install mariadb-server mariadb-server-galera galera rsync >/tmp/ob-install.log 2>&1
  fi
}

# galera_el_node: (rhel family) a node made ready for the cluster: galera_dnf_install, the client
# `mariadb` (mysql where the release lacks the name), galera_firewall_open, mariadb.service enabled
galera_el_node() {
  galera_dnf_install
  command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
  galera_firewall_open
  systemctl enable -q mariadb.service
}

# galera_firewall_open: when firewalld runs (it does in the rhel family's images), MariaDB's and
# Galera's ports open to every source, permanently: 3306, 4444 (SST), 4567 (tcp and udp), 4568 (IST)
galera_firewall_open() {
  if systemctl is-active --quiet firewalld.service; then
    for p in 3306/tcp 4444/tcp 4567/tcp 4568/tcp 4567/udp; do
      firewall-cmd -q --permanent --add-port="$p"
    done
    firewall-cmd -q --reload
  fi
}

# galera_peers: every node's priv address (OB_NODES order), comma-separated
galera_peers() {
  local peers="" n v
  for n in $OB_NODES; do v="OB_ADDR_${n^^}_PRIV"; peers="${peers:+$peers,}${!v}"; done
  echo "$peers"
}

# galera_cnf FILE SECTION PROVIDER CLUSTER_ADDRESS NODE_ADDRESS [NODE_NAME]: FILE holds the
# cluster's settings in its [SECTION]: wsrep on with the provider library PROVIDER, the cluster
# shop-cluster at CLUSTER_ADDRESS (gcomm://...), this node at NODE_ADDRESS named NODE_NAME ($NODE
# when not given), rsync state transfer, and what Galera needs of the server (row binlog, InnoDB,
# interleaved auto-increment locks, listening on every address)
galera_cnf() {
  cat > "$1" <<CNF
[$2]
wsrep_on                 = ON
wsrep_provider           = $3
wsrep_cluster_name       = shop-cluster
wsrep_cluster_address    = $4
wsrep_node_address       = $5
wsrep_node_name          = ${6:-$NODE}
wsrep_sst_method         = rsync
binlog_format            = row
default_storage_engine   = InnoDB
innodb_autoinc_lock_mode = 2
bind-address             = 0.0.0.0
CNF
}

# galera_shop_data CLIENT: the shop database, filled afresh through the client command CLIENT
# (`mariadb`, or a rhel script's own): 40 customers, 250 orders
galera_shop_data() {
  "$1" <<'SQL'
CREATE DATABASE IF NOT EXISTS shop;
USE shop;
CREATE TABLE IF NOT EXISTS customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, city VARCHAR(64)) ENGINE=InnoDB;
CREATE TABLE IF NOT EXISTS orders (id INT PRIMARY KEY, customer_id INT NOT NULL, item VARCHAR(64), qty INT,
  FOREIGN KEY (customer_id) REFERENCES customers(id)) ENGINE=InnoDB;
DELETE FROM orders; DELETE FROM customers;
INSERT INTO customers SELECT seq, CONCAT('customer-', seq), ELT(1 + seq % 4, 'Lyon', 'Porto', 'Graz', 'Turku') FROM seq_1_to_40;
INSERT INTO orders SELECT seq, 1 + seq % 40, CONCAT('item-', seq % 17), 1 + seq % 5 FROM seq_1_to_250;
SQL
}

# galera_wait_synced TRIES: until this node's wsrep state is Synced, at most TRIES times 2 s
# apart (a server that does not answer yet counts as not synced); fails when it never is
galera_wait_synced() {
  for i in $(seq 1 "$1"); do
    [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && return 0
    sleep 2
  done
  return 1
}
