#!/bin/bash
# must fail req-1: rate 4mbps: in tc's units mbps is megabytes per second, so the bucket lets 32 Mbit/s through instead of 4 Mbit/s
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
ExecStart=/usr/sbin/tc qdisc replace dev eth1 root tbf rate 4mbps burst 32kb latency 100ms
ExecStop=/usr/sbin/tc qdisc del dev eth1 root

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now lan1-shaping.service
