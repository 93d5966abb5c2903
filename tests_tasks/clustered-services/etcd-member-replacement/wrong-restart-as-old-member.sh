#!/bin/bash
# must fail req-1: node3 is only restarted on its empty data directory with ETCD_INITIAL_CLUSTER_STATE=existing (the fix etcd's "already bootstrapped" error suggests), so it comes back under the dead member's ID, which had acknowledged raft entries it no longer has, instead of being removed and added anew
# steps: node3
set -euo pipefail
. tasklib/etcd.sh
export ETCDCTL_API=3
etcd_members
systemctl stop etcd.service || true
sed -i 's/^ETCD_INITIAL_CLUSTER_STATE=.*/ETCD_INITIAL_CLUSTER_STATE=existing/' /etc/default/etcd
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
systemctl enable etcd.service
systemctl reset-failed etcd.service || true
systemctl start --no-block etcd.service
etcd_wait_healthy "http://$N3:2379" 90 || true
etcdctl --endpoints="http://$N1:2379,http://$N2:2379" member list || true
etcdctl --endpoints="$ALL" endpoint health || true
