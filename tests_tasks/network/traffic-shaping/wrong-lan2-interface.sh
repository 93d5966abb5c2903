#!/bin/bash
# must fail req-1, req-2: the cap is put on eth2, the lan2 side ("traffic from lan2"), but an egress qdisc there shapes what flows into lan2; lan2 → lan1 leaves by eth1 uncapped
set -euo pipefail
[ "$NODE" = router ] || exit 0
cat > /etc/systemd/system/lan2-shaping.service <<'UNIT'
[Unit]
Description=Cap traffic from lan2 (eth2) at 4 Mbit/s
BindsTo=sys-subsystem-net-devices-eth2.device
After=sys-subsystem-net-devices-eth2.device systemd-networkd.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/sbin/tc qdisc replace dev eth2 root tbf rate 4mbit burst 32kb latency 100ms
ExecStop=/usr/sbin/tc qdisc del dev eth2 root

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now lan2-shaping.service
