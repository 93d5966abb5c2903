#!/bin/bash
# Reference solution: on node1 remove node3's dead member and add a fresh one with node3's peer
# URL; on node3 join the existing cluster with an empty data directory.
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
    systemctl stop etcd.service || true
    sed -i 's/^ETCD_INITIAL_CLUSTER_STATE=.*/ETCD_INITIAL_CLUSTER_STATE=existing/' /etc/default/etcd
    rm -rf /var/lib/etcd/default
    install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
    systemctl enable etcd.service
    systemctl start etcd.service
    if etcd_wait_healthy "$ALL" 120; then
      etcdctl --endpoints="http://$N3:2379" member list
      exit 0
    fi
    echo "node3 did not become healthy" >&2
    exit 1
    ;;
esac
