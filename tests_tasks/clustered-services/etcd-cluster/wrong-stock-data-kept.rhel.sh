#!/bin/bash
# must fail req-1, req-2, req-3: the cluster settings are right, but the stock instance's data directory is kept; etcd ignores ETCD_INITIAL_CLUSTER for an already bootstrapped member, so every node stays its own single-member cluster, now on priv
# rhel family, NOT validated: the same mistake as wrong-stock-data-kept.sh; firewalld, on here,
# is opened as in the reference (the priv addresses, permanently), so only the mistake differs
set -euo pipefail
. tasklib/etcd.sh
. ./dropin.sh
etcd_members
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
etcd_firewall_members "$N1" "$N2" "$N3"
systemctl stop etcd.service
etcd_member_defaults "http://$ME:2380" "http://$ME:2379,http://127.0.0.1:2379"
# the stock instance's data directory stays
cluster_dropin
systemctl start etcd.service
export ETCDCTL_API=3
[ "$NODE" = node3 ] || exit 0
etcd_wait_healthy "$ALL" 120 || true
etcdctl --endpoints="$ALL" endpoint health
