#!/bin/bash
# Included by solution.sh and wrong-forwarding-not-saved.sh.
# vlan_gateways_unit: the oneshot unit that gives the router its two VLAN interfaces on the trunk
# at boot (systemd-networkd 252 leaves VLAN links it creates at runtime "pending"); written, not
# started.
vlan_gateways_unit() {
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
}
