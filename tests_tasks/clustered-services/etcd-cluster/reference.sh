#!/bin/bash
# The reference solution's steps, the same on both families (solution.rhel.sh opens firewalld
# first): every node a member of one static three-member cluster. node1 and node2 start without
# waiting; node3 waits until the whole cluster is healthy. Needs tasklib/etcd.sh.
me_var="OB_ADDR_${NODE^^}_PRIV"; ME=${!me_var}
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
systemctl stop etcd.service
cat > /etc/default/etcd <<CONF
ETCD_NAME=$NODE
ETCD_DATA_DIR=/var/lib/etcd/default
ETCD_LISTEN_PEER_URLS=http://$ME:2380
ETCD_LISTEN_CLIENT_URLS=http://$ME:2379,http://127.0.0.1:2379
ETCD_INITIAL_ADVERTISE_PEER_URLS=http://$ME:2380
ETCD_ADVERTISE_CLIENT_URLS=http://$ME:2379
ETCD_INITIAL_CLUSTER=node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380
ETCD_INITIAL_CLUSTER_STATE=new
ETCD_INITIAL_CLUSTER_TOKEN=config-etcd
# emulated, single-vCPU guests: relaxed raft timing keeps the leader stable
ETCD_HEARTBEAT_INTERVAL=300
ETCD_ELECTION_TIMEOUT=3000
CONF
etcd_fresh_member
etcd_start_members
export ETCDCTL_API=3
if etcd_wait_healthy "http://$N1:2379,http://$N2:2379,http://$N3:2379" 120; then
  etcdctl --endpoints="http://$N1:2379" member list
  exit 0
fi
echo "cluster did not become healthy" >&2
exit 1
