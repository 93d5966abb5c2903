#!/bin/bash
# must fail req-1: fq maxrate caps each flow at 4 Mbit/s, not the total: one transfer looks capped, two at once get 8 Mbit/s into lan1
set -euo pipefail
[ "$NODE" = router ] || exit 0
cat > /etc/systemd/system/lan1-shaping.service <<'UNIT'
[Unit]
Description=Cap traffic into lan1 (eth1) at 4 Mbit/s
BindsTo=sys-subsystem-net-devices-eth1.device
After=sys-subsystem-net-devices-eth1.device systemd-networkd.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/sbin/tc qdisc replace dev eth1 root fq maxrate 4mbit
ExecStop=/usr/sbin/tc qdisc del dev eth1 root

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now lan1-shaping.service
