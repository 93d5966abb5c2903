#!/bin/bash
# must fail req-4: the members listen on 0.0.0.0 (advertising their priv addresses), so etcd's client and peer ports also answer on every node's management address
# rhel family, NOT validated: the same mistake as wrong-listen-all.sh; firewalld, on here, is opened
# the way the study's rhel-family trials opened it (2379/tcp and 2380/tcp in the default zone,
# permanently), so the management interface's zone lets them through as well
set -euo pipefail
. tasklib/etcd.sh
. ./dropin.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; ME=${!me_var}
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
# firewalld is on here: the ports are opened the usual way, in the default zone, for everyone
if systemctl is-active --quiet firewalld.service; then
  firewall-cmd --permanent --add-port=2379/tcp --add-port=2380/tcp >/dev/null
  firewall-cmd --reload >/dev/null
fi
systemctl stop etcd.service
cat > /etc/default/etcd <<CONF
ETCD_NAME=$NODE
ETCD_DATA_DIR=/var/lib/etcd/default
# listen everywhere; clients and peers are told to use the private address
ETCD_LISTEN_PEER_URLS=http://0.0.0.0:2380
ETCD_LISTEN_CLIENT_URLS=http://0.0.0.0:2379
ETCD_INITIAL_ADVERTISE_PEER_URLS=http://$ME:2380
ETCD_ADVERTISE_CLIENT_URLS=http://$ME:2379
ETCD_INITIAL_CLUSTER=node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380
ETCD_INITIAL_CLUSTER_STATE=new
ETCD_INITIAL_CLUSTER_TOKEN=config-etcd
ETCD_HEARTBEAT_INTERVAL=300
ETCD_ELECTION_TIMEOUT=3000
CONF
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
cluster_dropin
etcd_start_members
export ETCDCTL_API=3
etcd_wait_healthy "http://$N1:2379,http://$N2:2379,http://$N3:2379" 120 || true
etcdctl --endpoints="http://$N1:2379" member list
