#!/bin/bash
# must fail req-4: node3 is rightly found the most advanced, but it is bootstrapped the old way, by emptying wsrep_cluster_address (gcomm://) in its configuration, and that is left there; when MariaDB restarts on node3 it tries to start a new cluster instead of rejoining
# steps: node3 node1 node2
set -euo pipefail
. tasklib/galera.sh
grep -E '^(seqno|safe_to_bootstrap):' /var/lib/mysql/grastate.dat || true
if [ "$NODE" = node3 ]; then
  galera_recovery || true
  sed -i 's/^safe_to_bootstrap:.*/safe_to_bootstrap: 1/' /var/lib/mysql/grastate.dat
  sed -i 's|^wsrep_cluster_address.*|wsrep_cluster_address    = gcomm://|' /etc/mysql/mariadb.conf.d/60-galera.cnf
fi
systemctl start mariadb.service
galera_wait_synced 150
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_last_committed','wsrep_local_state_comment')"
