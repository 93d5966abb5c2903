#!/bin/bash
# must fail req-1, req-2, req-3: `systemctl start` blocks until a quorum exists, so the members are started from the shell in the background with the right flags and the stock service is disabled; nothing restarts a member, and after the reboot no etcd runs at all
# rhel family, NOT validated: the same mistake as wrong-manual-start.sh; firewalld, on here,
# is opened as in the reference (the priv addresses, permanently), so only the mistake differs
set -euo pipefail
. tasklib/etcd.sh
me_var="OB_ADDR_${NODE^^}_PRIV"; ME=${!me_var}
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
etcd_firewall_members "$N1" "$N2" "$N3"
# the stock standalone instance must not come back
systemctl disable --now etcd.service
install -d -o etcd -g etcd -m 700 /var/lib/etcd/cluster
nohup setsid /usr/bin/etcd --name "$NODE" --data-dir /var/lib/etcd/cluster \
  --listen-peer-urls "http://$ME:2380" \
  --listen-client-urls "http://$ME:2379,http://127.0.0.1:2379" \
  --initial-advertise-peer-urls "http://$ME:2380" \
  --advertise-client-urls "http://$ME:2379" \
  --initial-cluster "node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380" \
  --initial-cluster-state new --initial-cluster-token config-etcd \
  --heartbeat-interval 300 --election-timeout 3000 \
  >/var/log/etcd-cluster.log 2>&1 </dev/null &
[ "$NODE" = node3 ] || exit 0
export ETCDCTL_API=3
etcd_wait_healthy "http://$N1:2379,http://$N2:2379,http://$N3:2379" 120 || true
etcdctl --endpoints="http://$N1:2379" member list
