#!/bin/bash
# must fail req-1, req-2, req-3: the cluster settings are right, but the stock instance's data directory is kept; etcd ignores ETCD_INITIAL_CLUSTER for an already bootstrapped member, so every node stays its own single-member cluster, now on priv
set -euo pipefail
. tasklib/etcd.sh
. ./dropin.sh
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
ETCD_HEARTBEAT_INTERVAL=300
ETCD_ELECTION_TIMEOUT=3000
CONF
# the stock instance's data directory stays
cluster_dropin
systemctl start etcd.service
export ETCDCTL_API=3
[ "$NODE" = node3 ] || exit 0
etcd_wait_healthy "http://$N1:2379,http://$N2:2379,http://$N3:2379" 120 || true
etcdctl --endpoints="http://$N1:2379,http://$N2:2379,http://$N3:2379" endpoint health
