#!/bin/bash
# Reference solution: the two VLAN interfaces on the router's trunk, set up at boot by a
# oneshot unit (systemd-networkd 252 leaves VLAN links it creates at runtime "pending"), and
# forwarding on. The trunk itself carries no address.
set -euo pipefail
. tasklib/ip-forward.sh
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
ip_forward_persistent
systemctl daemon-reload
systemctl enable --now vlan-gateways.service
ip -4 addr show dev eth1.10 | grep -q 10.40.10.1/ && ip -4 addr show dev eth1.20 | grep -q 10.40.20.1/
