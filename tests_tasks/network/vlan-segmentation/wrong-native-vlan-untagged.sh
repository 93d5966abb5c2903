#!/bin/bash
# must fail req-3: besides the two VLAN interfaces, 10.40.10.1 is kept untagged on the trunk itself "for untagged devices" (VLAN 10 as native VLAN); the instruction says nothing is carried untagged
set -euo pipefail
. tasklib/ip-forward.sh
[ "$NODE" = router ] || exit 0
cat > /etc/systemd/system/vlan-gateways.service <<'UNIT'
[Unit]
Description=Gateways of VLAN 10 (also native) and 20 on the trunk (eth1)
BindsTo=sys-subsystem-net-devices-eth1.device
After=sys-subsystem-net-devices-eth1.device systemd-networkd.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/sh -c 'ip link set eth1 up; ip addr replace 10.40.10.1/24 dev eth1; for v in 10 20; do ip link add link eth1 name eth1.$$v type vlan id $$v 2>/dev/null || true; ip addr replace 10.40.$$v.1/24 dev eth1.$$v; ip link set eth1.$$v up; done'
ExecStop=/bin/sh -c 'ip link del eth1.10; ip link del eth1.20; ip addr del 10.40.10.1/24 dev eth1'

[Install]
WantedBy=multi-user.target
UNIT
ip_forward_persistent
systemctl daemon-reload
systemctl enable --now vlan-gateways.service
ip -4 addr show dev eth1.10 | grep -q 10.40.10.1/ && ip -4 addr show dev eth1.20 | grep -q 10.40.20.1/
