#!/bin/bash
# must fail req-2: the VLAN interfaces come back at boot, but forwarding is switched on with sysctl -w only; after the reboot the image's ip_forward = 0 is back and the router no longer routes between the VLANs
set -euo pipefail
. ./vlan-gateways.sh
[ "$NODE" = router ] || exit 0
vlan_gateways_unit
systemctl daemon-reload
systemctl enable --now vlan-gateways.service
sysctl -q -w net.ipv4.ip_forward=1
ip -4 addr show dev eth1.10 | grep -q 10.40.10.1/ && ip -4 addr show dev eth1.20 | grep -q 10.40.20.1/
