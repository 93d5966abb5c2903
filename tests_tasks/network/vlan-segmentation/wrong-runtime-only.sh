#!/bin/bash
# must fail req-1, req-2: the VLAN interfaces, their addresses and forwarding are set with ip and sysctl -w only; the router's reboot loses all of it
set -euo pipefail
[ "$NODE" = router ] || exit 0
ip link set eth1 up
for v in 10 20; do
  ip link add link eth1 name eth1.$v type vlan id $v
  ip addr add 10.40.$v.1/24 dev eth1.$v
  ip link set eth1.$v up
done
sysctl -q -w net.ipv4.ip_forward=1
