#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: etcd server and etcdctl installed on every node, running as
# the stock standalone instance (loopback only, default data dir with its own single-member
# cluster). firewalld stays as the image ships it (on: it blocks 2379 and 2380 from other hosts).
# VENDOR DOWNLOAD: the EL releases ship no etcd (the study's rhel9 trial found none, and its rhel9,
# rhel10, almalinux9 and centos-stream10 trials all ran etcd's upstream build), so this installs
# the upstream release build (github.com/etcd-io/etcd releases, v3.5.17, as on rhel9, rhel10 and
# almalinux9; centos-stream10 ran v3.7.1) and writes the unit the Debian package would have.
# The download does not go through the lab's package cache, which serves apt only.
set -euo pipefail
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
systemctl enable --now etcd.service
for i in $(seq 1 60); do
  ETCDCTL_API=3 etcdctl --endpoints=http://127.0.0.1:2379 endpoint health >/dev/null 2>&1 && exit 0
  sleep 1
done
echo "stock etcd did not come up" >&2
exit 1
