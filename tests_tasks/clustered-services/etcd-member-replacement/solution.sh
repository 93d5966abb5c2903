#!/bin/bash
# Reference solution: on node1 remove node3's dead member and add a fresh one with node3's peer
# URL; on node3 join the existing cluster with an empty data directory.
set -euo pipefail
export ETCDCTL_API=3
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
E="--endpoints=http://$N1:2379,http://$N2:2379"
case "$NODE" in
  node1)
    # the member registered with node3's peer URL (started or not)
    old=$(etcdctl $E member list | awk -F', ' -v u="http://$N3:2380" '$4 == u {print $1}')
    [ -z "$old" ] || etcdctl $E member remove "$old"
    etcdctl $E member add node3 --peer-urls="http://$N3:2380"
    ;;
  node3)
    systemctl stop etcd.service || true
    sed -i 's/^ETCD_INITIAL_CLUSTER_STATE=.*/ETCD_INITIAL_CLUSTER_STATE=existing/' /etc/default/etcd
    rm -rf /var/lib/etcd/default
    install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
    systemctl enable etcd.service
    systemctl start etcd.service
    for i in $(seq 1 120); do
      if etcdctl --endpoints="http://$N1:2379,http://$N2:2379,http://$N3:2379" endpoint health >/dev/null 2>&1; then
        etcdctl --endpoints="http://$N3:2379" member list
        exit 0
      fi
      sleep 2
    done
    echo "node3 did not become healthy" >&2
    exit 1
    ;;
esac
