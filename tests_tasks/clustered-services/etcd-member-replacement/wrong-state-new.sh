#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the dead member is removed and node3 added anew, but node3 still starts with ETCD_INITIAL_CLUSTER_STATE=new: it bootstraps under the removed member's ID, the others reject it, and the added member never starts
# steps: node1 node3
set -euo pipefail
. tasklib/etcd.sh
. ./replace.sh
export ETCDCTL_API=3
etcd_members
E="--endpoints=http://$N1:2379,http://$N2:2379"
case "$NODE" in
  node1)
    replace_member
    ;;
  node3)
    # a fresh data directory for the new member; the settings file already names the cluster
    systemctl stop etcd.service || true
    rm -rf /var/lib/etcd/default
    install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
    systemctl enable etcd.service
    systemctl reset-failed etcd.service || true
    systemctl start --no-block etcd.service
    etcd_wait_healthy "http://$N3:2379" 90 || true
    etcdctl --endpoints="http://$N1:2379" member list || true
    ;;
esac
