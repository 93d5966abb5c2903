#!/bin/bash
# must fail req-5: "clients over priv only" read as "clients on the private address only": no member listens on 127.0.0.1:2379, so local tools (etcdctl's default endpoint) get connection refused
# rhel family, NOT validated: the same mistake as wrong-priv-only-clients.sh; firewalld, on here,
# is opened as in the reference (the priv addresses, permanently), so only the mistake differs
set -euo pipefail
. tasklib/etcd.sh
. ./dropin.sh
etcd_members
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
etcd_firewall_members "$N1" "$N2" "$N3"
systemctl stop etcd.service
etcd_member_defaults "http://$ME:2380" "http://$ME:2379"
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
cluster_dropin
etcd_start_members
export ETCDCTL_API=3
etcd_wait_healthy "$ALL" 120 || true
etcdctl --endpoints="http://$N1:2379" member list
