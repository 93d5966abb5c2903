#!/bin/bash
# What the reference and its wrong solutions share, on both families (needs tasklib/galera.sh).

# open_firewall_to_members: (rhel family) when firewalld runs, each node's priv address may reach
# 3306, 4444 (SST), 4567 and 4568 (IST), permanently
open_firewall_to_members() {
  if systemctl is-active --quiet firewalld.service; then
    for n in $OB_NODES; do
      v="OB_ADDR_${n^^}_PRIV"
      for port in 3306 4444 4567 4568; do
        firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"${!v}\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
      done
    done
    firewall-cmd --reload >/dev/null
  fi
}

# start_member BOOTSTRAP_NODE: on BOOTSTRAP_NODE, MariaDB stopped and the cluster bootstrapped
# from this node's data (galera_new_cluster); on any other node, MariaDB restarted to join it
start_member() {
  if [ "$NODE" = "$1" ]; then
    systemctl stop mariadb.service
    galera_new_cluster
  else
    systemctl restart mariadb.service
  fi
}

# synced CLIENT: until this node is Synced, at most 4 min (the script stops when the server does
# not answer); the cluster's size, this node's state and the members' addresses are shown through
# the client command CLIENT; fails when the node is not Synced
synced() {
  for i in $(seq 1 120); do
    state=$("$1" -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')
    [ "$state" = Synced ] && break
    sleep 2
  done
  "$1" -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_incoming_addresses')"
  [ "$state" = Synced ]
}
