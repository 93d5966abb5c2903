#!/bin/bash
# Starting condition: a healthy three-member etcd cluster (members node1..node3 on priv) holding
# configuration data under /config/; then node3's data directory is destroyed and its etcd is
# stopped, so the cluster runs on two of its three members with node3's member still registered.
# Runs node1, node2, node3 in order: node3 waits for the cluster, writes the data, then fails.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
export ETCDCTL_API=3
if ! dpkg -s etcd-server etcd-client >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null
fi
me_var="OB_ADDR_${NODE^^}_PRIV"; ME=${!me_var}
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
ALL="http://$N1:2379,http://$N2:2379,http://$N3:2379"
systemctl stop etcd.service
cat > /etc/default/etcd <<CONF
# etcd member settings (see etcd(1)); shared cluster: node1, node2, node3 on priv
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
rm -rf /var/lib/etcd/default
install -d -o etcd -g etcd -m 700 /var/lib/etcd/default
install -d /etc/systemd/system/etcd.service.d
cat > /etc/systemd/system/etcd.service.d/cluster.conf <<'UNIT'
# bind to the priv address only once it exists; retry if a peer or the address is late
[Unit]
After=network-online.target
[Service]
Restart=on-failure
RestartSec=5
UNIT
systemctl daemon-reload
systemctl enable etcd.service
if [ "$NODE" != node3 ]; then
  systemctl start --no-block etcd.service
  exit 0
fi
systemctl start etcd.service
ok=
for i in $(seq 1 120); do
  if etcdctl --endpoints="$ALL" endpoint health >/dev/null 2>&1; then ok=1; break; fi
  sleep 2
done
[ -n "$ok" ] || { echo "cluster did not form" >&2; exit 1; }
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
