#!/bin/bash
# must fail req-2: the VLAN interfaces come back at boot, but forwarding is switched on with sysctl -w only; after the reboot the image's ip_forward = 0 is back and the router no longer routes between the VLANs
set -euo pipefail
[ "$NODE" = router ] || exit 0
cat > /etc/systemd/system/vlan-gateways.service <<'UNIT'
[Unit]
Description=Gateways of VLAN 10 and 20 on the trunk (eth1)
BindsTo=sys-subsystem-net-devices-eth1.device
After=sys-subsystem-net-devices-eth1.device systemd-networkd.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/sh -c 'ip link set eth1 up; for v in 10 20; do ip link add link eth1 name eth1.$$v type vlan id $$v 2>/dev/null || true; ip addr replace 10.40.$$v.1/24 dev eth1.$$v; ip link set eth1.$$v up; done'
ExecStop=/bin/sh -c 'ip link del eth1.10; ip link del eth1.20'

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now vlan-gateways.service
sysctl -q -w net.ipv4.ip_forward=1
ip -4 addr show dev eth1.10 | grep -q 10.40.10.1/ && ip -4 addr show dev eth1.20 | grep -q 10.40.20.1/
