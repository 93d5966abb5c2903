#!/bin/bash
# Starting condition: each host has its VLAN interface on the trunk, with its address and the
# VLAN's .1 as gateway, set up at boot by a oneshot unit. (systemd-networkd 252 on these
# guests creates a VLAN link from a .netdev at runtime but leaves it "pending" forever.)
set -euo pipefail
case "$NODE" in
  host1) vid=10; addr=10.40.10.11 ;;
  host2) vid=20; addr=10.40.20.12 ;;
  *) exit 0 ;;
esac
cat > /etc/systemd/system/vlan-uplink.service <<UNIT
[Unit]
Description=VLAN $vid on the trunk (eth1.$vid, $addr)
BindsTo=sys-subsystem-net-devices-eth1.device
After=sys-subsystem-net-devices-eth1.device systemd-networkd.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/sh -c 'ip link add link eth1 name eth1.$vid type vlan id $vid 2>/dev/null || true; ip addr replace $addr/24 dev eth1.$vid; ip link set eth1 up; ip link set eth1.$vid up; ip route replace default via ${addr%.*}.1 dev eth1.$vid'
ExecStop=/sbin/ip link del eth1.$vid

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now vlan-uplink.service
ip -4 addr show dev "eth1.$vid" | grep -q "$addr/"
