#!/bin/bash
# must fail req-1, req-2, req-3: `systemctl start` blocks until a quorum exists, so the members are started from the shell in the background with the right flags and the stock service is disabled; nothing restarts a member, and after the reboot no etcd runs at all
set -euo pipefail
. tasklib/etcd.sh
etcd_members
# the stock standalone instance must not come back
systemctl disable --now etcd.service
install -d -o etcd -g etcd -m 700 /var/lib/etcd/cluster
etcd_by_hand /var/lib/etcd/cluster new /var/log/etcd-cluster.log
[ "$NODE" = node3 ] || exit 0
export ETCDCTL_API=3
etcd_wait_healthy "$ALL" 120 || true
etcdctl --endpoints="http://$N1:2379" member list
