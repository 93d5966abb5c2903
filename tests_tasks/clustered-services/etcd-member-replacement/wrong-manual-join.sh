#!/bin/bash
# must fail req-2, req-3, req-4: the dead member is replaced correctly, but node3's new member is run by hand as root in the background (flags on the command line, /etc/default/etcd untouched); after the reboot etcd.service, running as etcd, cannot open the root-owned member directory and node3 stays down
# steps: node1 node3
set -euo pipefail
. tasklib/etcd.sh
. ./replace.sh
export ETCDCTL_API=3
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
E="--endpoints=http://$N1:2379,http://$N2:2379"
case "$NODE" in
  node1)
    replace_member
    ;;
  node3)
    systemctl stop etcd.service || true
    rm -rf /var/lib/etcd/default/member
    nohup setsid /usr/bin/etcd --name node3 --data-dir /var/lib/etcd/default \
      --listen-peer-urls "http://$N3:2380" \
      --listen-client-urls "http://$N3:2379,http://127.0.0.1:2379" \
      --initial-advertise-peer-urls "http://$N3:2380" \
      --advertise-client-urls "http://$N3:2379" \
      --initial-cluster "node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380" \
      --initial-cluster-state existing --initial-cluster-token config-etcd \
      --heartbeat-interval 300 --election-timeout 3000 \
      >/var/log/etcd-node3.log 2>&1 </dev/null &
    etcd_wait_healthy "http://$N1:2379,http://$N2:2379,http://$N3:2379" 120 || true
    etcdctl --endpoints="http://$N3:2379" member list
    ;;
esac
