#!/bin/bash
# must fail req-2: the most advanced node is picked from grastate.dat alone: node2 shows the highest seqno (node3's -1 is taken for "crashed, unusable"), so node2 is forced safe to bootstrap and node3, refused as diverged, is resynced from it after removing its grastate.dat; the orders only node3 had committed are gone
# steps: node2 node1 node3
set -euo pipefail
. tasklib/galera.sh
grep -E '^(seqno|safe_to_bootstrap):' /var/lib/mysql/grastate.dat || true
case "$NODE" in
  node2)
    sed -i 's/^safe_to_bootstrap:.*/safe_to_bootstrap: 1/' /var/lib/mysql/grastate.dat
    galera_new_cluster
    ;;
  node1)
    systemctl start mariadb.service
    ;;
  node3)
    if ! systemctl start mariadb.service; then
      # "Local state seqno is greater than group seqno: states diverged ... Remove
      # grastate.dat and restart if you wish to continue"
      rm -f /var/lib/mysql/grastate.dat
      systemctl reset-failed mariadb.service || true
      systemctl start mariadb.service
    fi
    ;;
esac
galera_wait_synced 150
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_last_committed','wsrep_local_state_comment')"
