#!/bin/bash
# The reference solution's steps, the same on both families (solution.rhel.sh opens firewalld
# first): every node a member of one static three-member cluster. node1 and node2 start without
# waiting; node3 waits until the whole cluster is healthy. Needs tasklib/etcd.sh.
etcd_members
systemctl stop etcd.service
etcd_member_defaults "http://$ME:2380" "http://$ME:2379,http://127.0.0.1:2379"
etcd_fresh_member
etcd_start_members
export ETCDCTL_API=3
if etcd_wait_healthy "$ALL" 120; then
  etcdctl --endpoints="http://$N1:2379" member list
  exit 0
fi
echo "cluster did not become healthy" >&2
exit 1
