#!/bin/bash
# Reference solution. Finding the most advanced node: on each node, `galera_recovery` (or
# `mariadbd --wsrep-recover`) prints the last committed position; grastate.dat's seqno is -1
# after a crash, so it cannot be trusted on its own. Here node3 recovers the highest seqno
# (node1 and node2 left earlier, cleanly, with lower seqnos), so node3 bootstraps and the
# others rejoin it (IST/SST). Oracle steps: node3, then node1, then node2.
set -euo pipefail
. tasklib/galera.sh
grep -E '^(seqno|safe_to_bootstrap):' /var/lib/mysql/grastate.dat
if [ "$NODE" = node3 ]; then
  galera_recovery || true               # prints --wsrep_start_position=<uuid>:<seqno>
  sed -i 's/^safe_to_bootstrap:.*/safe_to_bootstrap: 1/' /var/lib/mysql/grastate.dat
  galera_new_cluster
else
  systemctl start mariadb.service
fi
galera_wait_synced 150
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_last_committed','wsrep_local_state_comment')"
