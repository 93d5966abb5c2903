#!/bin/bash
# The starting condition once etcd is installed, the same on both families (prepare.rhel.sh opens
# firewalld first): a three-member cluster on priv, node3 writes the configuration data, then
# loses its disk. Needs tasklib/etcd.sh and ETCDCTL_API=3.
etcd_members
systemctl stop etcd.service
etcd_member_defaults "http://$ME:2380" "http://$ME:2379,http://127.0.0.1:2379"
etcd_fresh_member
etcd_start_members
etcd_wait_healthy "$ALL" 120 || { echo "cluster did not form" >&2; exit 1; }
E="--endpoints=http://$N1:2379"
etcdctl $E put /config/db/host db1.internal >/dev/null
etcdctl $E put /config/db/port 5432 >/dev/null
etcdctl $E put /config/db/pool_size 40 >/dev/null
etcdctl $E put /config/cache/ttl_seconds 300 >/dev/null
etcdctl $E put /config/features/new_checkout enabled >/dev/null
for i in $(seq -w 1 40); do
  etcdctl $E put "/config/tenants/t$i" "plan=standard;shard=$((10#$i % 4))" >/dev/null
done
# node3 loses its disk: etcd dies and its data directory is gone
systemctl stop etcd.service
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
# the survivors still work on two members
etcdctl --endpoints="http://$N1:2379,http://$N2:2379" endpoint health
