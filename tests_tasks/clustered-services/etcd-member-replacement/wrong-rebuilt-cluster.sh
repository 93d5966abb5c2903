#!/bin/bash
# must fail req-3: instead of replacing node3's member, the whole cluster is bootstrapped anew (every data directory wiped, a fresh cluster token so the old members cannot interfere): three healthy members, but the configuration data under /config/ is gone
set -euo pipefail
. tasklib/etcd.sh
export ETCDCTL_API=3
etcd_members
systemctl stop etcd.service || true
sed -i -e 's/^ETCD_INITIAL_CLUSTER_STATE=.*/ETCD_INITIAL_CLUSTER_STATE=new/' \
       -e 's/^ETCD_INITIAL_CLUSTER_TOKEN=.*/ETCD_INITIAL_CLUSTER_TOKEN=config-etcd-rebuilt/' /etc/default/etcd
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
systemctl enable etcd.service
systemctl reset-failed etcd.service || true
etcd_start_members
etcd_wait_healthy "$ALL" 120 || true
etcdctl --endpoints="http://$N3:2379" member list
