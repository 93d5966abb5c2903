#!/bin/bash
# The steps the reference shares with its wrong solutions, on both families. Needs `primary`,
# `standby` (node1's and node2's priv addresses), `pass` (the replicator's password), `data` (the
# rhel family's data directory) and psql, the superuser's client.

# replicator_role: (node1) the role replicator, allowed to replicate and log in with $pass
# (stored as SCRAM), unless it exists
replicator_role() {
  psql -c "SET password_encryption = 'scram-sha-256'" -c "DO \$\$ BEGIN
               IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'replicator') THEN
                 CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$pass';
               END IF; END \$\$"
}

# include_conf_d: (rhel family, node1) the drop-in directory $data/conf.d, read after
# postgresql.conf
include_conf_d() {
  install -d -o postgres -g postgres -m 700 "$data/conf.d"
  grep -qx "include_dir = 'conf.d'" "$data/postgresql.conf" || echo "include_dir = 'conf.d'" >> "$data/postgresql.conf"
}

# open_to_standby: (rhel family, node1) when firewalld runs, node2 may reach 5432, permanently
open_to_standby() {
  if systemctl is-active --quiet firewalld.service; then
    firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$standby\" port port=\"5432\" protocol=\"tcp\" accept" >/dev/null
    firewall-cmd --reload >/dev/null
  fi
}

# pgpass FILE DATABASE: (node2) FILE, postgres's password file, holds the replicator's password
# for DATABASE on node1
pgpass() {
  echo "$primary:5432:$2:replicator:$pass" > "$1"
  chown postgres:postgres "$1"; chmod 600 "$1"
}
