#!/bin/bash
# Reference solution: save each runtime piece where the router's own boot restores it:
# forwarding in sysctl.d (after the image's 10-… default), the ruleset in nftables.conf for
# nftables.service, the route in a networkd drop-in for eth2's network.
set -euo pipefail
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
{ echo '#!/usr/sbin/nft -f'; echo 'flush ruleset'; nft list ruleset; } > /etc/nftables.conf
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
via=$(ip -4 route show 10.10.8.0/24 | awk '{print $3}')
unit=$(networkctl status eth2 2>/dev/null | awk -F': ' '/Network File/ {print $2}' | xargs basename)
install -d "/etc/systemd/network/$unit.d"
printf '[Route]\nDestination=10.10.8.0/24\nGateway=%s\n' "$via" > "/etc/systemd/network/$unit.d/50-labnet.conf"
networkctl reload
