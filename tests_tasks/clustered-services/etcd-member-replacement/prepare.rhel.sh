#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: a healthy three-member etcd cluster (members node1..node3 on
# priv, settings in /etc/default/etcd) holding configuration data under /config/; then node3's data
# directory is destroyed and its etcd is stopped, so the cluster runs on two of its three members
# with node3's member still registered. Runs node1, node2, node3 in order: node3 waits for the
# cluster, writes the data, then fails. firewalld (on in these images) is opened for the cluster as
# solution.rhel.sh of etcd-cluster does: the priv addresses may reach 2379 and 2380, permanently.
# VENDOR DOWNLOAD: the EL releases ship no etcd (the study's rhel9 etcd-cluster trial found none,
# and its rhel9, rhel10, almalinux9 and centos-stream10 trials all ran etcd's upstream build), so
# this installs the upstream release build (github.com/etcd-io/etcd releases, v3.5.17) laid out as
# the Debian packages lay it out; solution.sh and the wrong-*.sh scripts then apply unchanged.
# The download does not go through the lab's package cache, which serves apt only.
set -euo pipefail
export ETCDCTL_API=3
# etcd as the Debian packages lay it out, so the instruction, /etc/default/etcd and the Debian
# solution and wrong scripts hold unchanged: /usr/bin/etcd and /usr/bin/etcdctl, system user
# etcd (home /var/lib/etcd), etcd.service reading /etc/default/etcd, data in /var/lib/etcd/default
ETCD_VER=v3.5.17
if ! [ -x /usr/bin/etcd ] || ! [ -x /usr/bin/etcdctl ]; then
  case "$(uname -m)" in
    x86_64) arch=amd64 ;;
    aarch64) arch=arm64 ;;
    *) echo "no etcd release build for $(uname -m)" >&2; exit 1 ;;
  esac
  base="https://github.com/etcd-io/etcd/releases/download/$ETCD_VER"
  tgz="etcd-$ETCD_VER-linux-$arch.tar.gz"
  tmp=$(mktemp -d)
  curl -fsSL --retry 3 -o "$tmp/$tgz" "$base/$tgz"
  if curl -fsSL --retry 3 -o "$tmp/SHA256SUMS" "$base/SHA256SUMS"; then
    (cd "$tmp" && sha256sum -c --quiet --ignore-missing SHA256SUMS)
  fi
  tar -xzf "$tmp/$tgz" -C "$tmp"
  # install, not mv: new files take /usr/bin's SELinux label (bin_t)
  for b in etcd etcdctl etcdutl; do
    install -m 0755 -o root -g root "$tmp/etcd-$ETCD_VER-linux-$arch/$b" "/usr/bin/$b"
  done
  rm -rf "$tmp"
  if command -v restorecon >/dev/null; then restorecon -F /usr/bin/etcd /usr/bin/etcdctl /usr/bin/etcdutl || true; fi
fi
getent group etcd >/dev/null || groupadd -r etcd
getent passwd etcd >/dev/null || useradd -r -g etcd -d /var/lib/etcd -s /sbin/nologin -c "etcd user" etcd
install -d -o etcd -g etcd -m 700 /var/lib/etcd
if ! [ -f /usr/lib/systemd/system/etcd.service ]; then
  cat > /usr/lib/systemd/system/etcd.service <<'UNIT'
[Unit]
Description=etcd - highly-available key value store
Documentation=https://etcd.io/docs
After=network.target
Wants=network-online.target

[Service]
Environment=ETCD_NAME=%H
Environment=ETCD_DATA_DIR=/var/lib/etcd/default
EnvironmentFile=-/etc/default/%p
Type=notify
User=etcd
ExecStart=/usr/bin/etcd
Restart=on-abnormal
LimitNOFILE=65536

[Install]
WantedBy=multi-user.target
UNIT
  [ -f /etc/default/etcd ] || printf '%s\n' '## etcd(1) daemon options: ETCD_* environment variables' > /etc/default/etcd
  systemctl daemon-reload
fi
me_var="OB_ADDR_${NODE^^}_PRIV"; ME=${!me_var}
N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
ALL="http://$N1:2379,http://$N2:2379,http://$N3:2379"
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
if systemctl is-active --quiet firewalld.service; then
  for addr in "$N1" "$N2" "$N3"; do
    for port in 2379 2380; do
      firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$addr\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
    done
  done
  firewall-cmd --reload >/dev/null
fi
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
