#!/bin/bash
# must fail req-1, req-2, req-3: forwarding, filter and masquerade set with sysctl -w and nft commands only; the gateway's reboot loses all of it
set -euo pipefail
[ "$NODE" = gateway ] || exit 0
sysctl -q -w net.ipv4.ip_forward=1
nft add table inet filter
nft add chain inet filter forward '{ type filter hook forward priority filter; policy drop; }'
nft add rule inet filter forward ct state established,related accept
nft add rule inet filter forward iifname eth2 oifname eth1 ip saddr 10.10.1.0/24 accept
nft add table ip nat
nft add chain ip nat postrouting '{ type nat hook postrouting priority srcnat; policy accept; }'
nft add rule ip nat postrouting oifname eth1 ip saddr 10.10.1.0/24 masquerade
