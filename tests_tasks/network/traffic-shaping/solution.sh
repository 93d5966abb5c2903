#!/bin/bash
# Reference solution: a token-bucket filter on the router's lan1 side (eth1): what leaves the
# router towards lan1 is what flows from lan2 into lan1. A oneshot unit re-applies it at boot,
# once eth1 exists. Traffic into lan2 leaves by eth2 and is not touched.
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
ExecStart=/usr/sbin/tc qdisc replace dev eth1 root tbf rate 4mbit burst 32kb latency 100ms
ExecStop=/usr/sbin/tc qdisc del dev eth1 root

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now lan1-shaping.service
