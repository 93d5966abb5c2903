#!/bin/bash
# etcd on the etcd tasks' members (node1..node3 on the private network `priv`).

# etcd_install_upstream: (rhel family, which ships no etcd) etcd's upstream release build
# (github.com/etcd-io/etcd releases, v3.5.17) laid out as the Debian packages lay it out, so the
# instruction, /etc/default/etcd and the Debian solution and wrong scripts hold unchanged:
# /usr/bin/etcd and /usr/bin/etcdctl, system user etcd (home /var/lib/etcd), etcd.service reading
# /etc/default/etcd, data in /var/lib/etcd/default. Nothing is downloaded when etcd is there.
etcd_install_upstream() {
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
}

# etcd_firewall_members ADDR...: when firewalld runs (it does in the rhel family's images, and
# blocks etcd's ports), the given addresses may reach the client and peer ports (2379, 2380),
# permanently; nothing else is opened
etcd_firewall_members() {
  if systemctl is-active --quiet firewalld.service; then
    for addr in "$@"; do
      for port in 2379 2380; do
        firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$addr\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
      done
    done
    firewall-cmd --reload >/dev/null
  fi
}

# etcd_wait_healthy ENDPOINTS TRIES: until `etcdctl endpoint health` through ENDPOINTS (comma-
# separated client URLs) succeeds, at most TRIES times 2 s apart; fails when it never does
etcd_wait_healthy() {
  for i in $(seq 1 "$2"); do
    if etcdctl --endpoints="$1" endpoint health >/dev/null 2>&1; then
      return 0
    fi
    sleep 2
  done
  return 1
}

# etcd_fresh_member: the data directory emptied (the stock instance's data belongs to its own
# single-member cluster), a drop-in that starts etcd after network-online.target and restarts it
# when it fails, the unit reloaded and enabled
etcd_fresh_member() {
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
}

# etcd_start_members: node1 and node2 start etcd without waiting (a new member reports ready to
# systemd only once a quorum exists) and their script ends here; node3 starts it and waits for
# the start job
etcd_start_members() {
  if [ "$NODE" != node3 ]; then
    systemctl start --no-block etcd.service
    exit 0
  fi
  systemctl start etcd.service
}

# etcd_members: ME (this node's priv address), N1, N2, N3 (the members' priv addresses) and ALL
# (their client URLs, for etcdctl --endpoints)
etcd_members() {
  local me_var="OB_ADDR_${NODE^^}_PRIV"
  ME=${!me_var}
  N1=$OB_ADDR_NODE1_PRIV N2=$OB_ADDR_NODE2_PRIV N3=$OB_ADDR_NODE3_PRIV
  ALL="http://$N1:2379,http://$N2:2379,http://$N3:2379"
}

# etcd_member_defaults PEER_LISTEN CLIENT_LISTEN: /etc/default/etcd for member $NODE of the static
# cluster node1..node3 on priv (token config-etcd, state new), advertising its priv address and
# listening on the given URLs; etcd_members first
etcd_member_defaults() {
  cat > /etc/default/etcd <<CONF
# etcd member settings (see etcd(1)); shared cluster: node1, node2, node3 on priv
ETCD_NAME=$NODE
ETCD_DATA_DIR=/var/lib/etcd/default
ETCD_LISTEN_PEER_URLS=$1
ETCD_LISTEN_CLIENT_URLS=$2
ETCD_INITIAL_ADVERTISE_PEER_URLS=http://$ME:2380
ETCD_ADVERTISE_CLIENT_URLS=http://$ME:2379
ETCD_INITIAL_CLUSTER=node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380
ETCD_INITIAL_CLUSTER_STATE=new
ETCD_INITIAL_CLUSTER_TOKEN=config-etcd
# emulated, single-vCPU guests: relaxed raft timing keeps the leader stable
ETCD_HEARTBEAT_INTERVAL=300
ETCD_ELECTION_TIMEOUT=3000
CONF
}

# etcd_by_hand DATA_DIR STATE LOG: (a wrong solutions' shortcut) member $NODE run as root in the
# background from the shell, with the cluster's settings as flags; no unit knows of it
etcd_by_hand() {
  nohup setsid /usr/bin/etcd --name "$NODE" --data-dir "$1" \
    --listen-peer-urls "http://$ME:2380" \
    --listen-client-urls "http://$ME:2379,http://127.0.0.1:2379" \
    --initial-advertise-peer-urls "http://$ME:2380" \
    --advertise-client-urls "http://$ME:2379" \
    --initial-cluster "node1=http://$N1:2380,node2=http://$N2:2380,node3=http://$N3:2380" \
    --initial-cluster-state "$2" --initial-cluster-token config-etcd \
    --heartbeat-interval 300 --election-timeout 3000 \
    >"$3" 2>&1 </dev/null &
}
