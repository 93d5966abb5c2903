#!/bin/bash
# Reference solution: the two VLAN interfaces on the router's trunk, set up at boot by a
# oneshot unit (systemd-networkd 252 leaves VLAN links it creates at runtime "pending"), and
# forwarding on. The trunk itself carries no address.
set -euo pipefail
. tasklib/ip-forward.sh
. ./vlan-gateways.sh
[ "$NODE" = router ] || exit 0
vlan_gateways_unit
ip_forward_persistent
systemctl daemon-reload
systemctl enable --now vlan-gateways.service
ip -4 addr show dev eth1.10 | grep -q 10.40.10.1/ && ip -4 addr show dev eth1.20 | grep -q 10.40.20.1/
