#!/bin/bash
# must fail req-4: the members listen on 0.0.0.0 (advertising their priv addresses), so etcd's client and peer ports also answer on every node's management address
# rhel family, NOT validated: the same mistake as wrong-listen-all.sh; firewalld, on here, is opened
# the way the study's rhel-family trials opened it (2379/tcp and 2380/tcp in the default zone,
# permanently), so the management interface's zone lets them through as well
set -euo pipefail
. tasklib/etcd.sh
. ./dropin.sh
etcd_members
# firewalld is on here: the ports are opened the usual way, in the default zone, for everyone
if systemctl is-active --quiet firewalld.service; then
  firewall-cmd --permanent --add-port=2379/tcp --add-port=2380/tcp >/dev/null
  firewall-cmd --reload >/dev/null
fi
systemctl stop etcd.service
# listen everywhere; clients and peers are told to use the private address
etcd_member_defaults "http://0.0.0.0:2380" "http://0.0.0.0:2379"
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
cluster_dropin
etcd_start_members
export ETCDCTL_API=3
etcd_wait_healthy "$ALL" 120 || true
etcdctl --endpoints="http://$N1:2379" member list
