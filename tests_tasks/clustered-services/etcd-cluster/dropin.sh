#!/bin/bash
# cluster_dropin: the wrong solutions' drop-in (the reference's, without its comment): etcd
# starts after network-online.target and restarts when it fails; the unit reloaded and enabled
cluster_dropin() {
  install -d /etc/systemd/system/etcd.service.d
  cat > /etc/systemd/system/etcd.service.d/cluster.conf <<'UNIT'
[Unit]
After=network-online.target
[Service]
Restart=on-failure
RestartSec=5
UNIT
  systemctl daemon-reload
  systemctl enable etcd.service
}
