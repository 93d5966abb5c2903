#!/bin/bash
# must fail req-2: the ruleset is dumped to /etc/nftables.conf but nftables.service stays disabled (as the image ships it), so after the reboot nothing blocks lan1 from tcp/8080
set -euo pipefail
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
{ echo '#!/usr/sbin/nft -f'; echo 'flush ruleset'; nft list ruleset; } > /etc/nftables.conf
nft -c -f /etc/nftables.conf
via=$(ip -4 route show 10.10.8.0/24 | awk '{print $3}')
unit=$(networkctl status eth2 2>/dev/null | awk -F': ' '/Network File/ {print $2}' | xargs basename)
install -d "/etc/systemd/network/$unit.d"
printf '[Route]\nDestination=10.10.8.0/24\nGateway=%s\n' "$via" > "/etc/systemd/network/$unit.d/50-labnet.conf"
networkctl reload
