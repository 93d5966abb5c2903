#!/bin/bash
# must fail req-4: node3 is rightly found the most advanced, but it is bootstrapped the old way, by emptying wsrep_cluster_address (gcomm://) in its configuration, and that is left there; when MariaDB restarts on node3 it tries to start a new cluster instead of rejoining
# steps: node3 node1 node2
# rhel family, NOT validated: the same mistake as wrong-bootstrap-address-kept.sh, in the file the cluster is configured in here, /etc/my.cnf.d/galera.cnf
set -euo pipefail
command -v mariadb >/dev/null || mariadb() { mysql "$@"; }
wait_synced() {
  for i in $(seq 1 150); do
    [ "$(mariadb -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}')" = Synced ] && return 0
    sleep 2
  done
  return 1
}
grep -E '^(seqno|safe_to_bootstrap):' /var/lib/mysql/grastate.dat || true
if [ "$NODE" = node3 ]; then
  galera_recovery || true
  sed -i 's/^safe_to_bootstrap:.*/safe_to_bootstrap: 1/' /var/lib/mysql/grastate.dat
  sed -i 's|^wsrep_cluster_address.*|wsrep_cluster_address    = gcomm://|' /etc/my.cnf.d/galera.cnf
fi
systemctl start mariadb.service
wait_synced
mariadb -e "SHOW STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_last_committed','wsrep_local_state_comment')"
