#!/bin/bash
# must fail req-2, req-3, req-4: the dead member is replaced correctly, but node3's new member is run by hand as root in the background (flags on the command line, /etc/default/etcd untouched); after the reboot etcd.service, running as etcd, cannot open the root-owned member directory and node3 stays down
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
    systemctl stop etcd.service || true
    rm -rf /var/lib/etcd/default/member
    etcd_by_hand /var/lib/etcd/default existing /var/log/etcd-node3.log
    etcd_wait_healthy "$ALL" 120 || true
    etcdctl --endpoints="http://$N3:2379" member list
    ;;
esac
