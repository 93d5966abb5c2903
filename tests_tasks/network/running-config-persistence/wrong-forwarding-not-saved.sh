#!/bin/bash
# must fail req-1, req-2, req-3: the ruleset and the route are saved, but ip_forward (set with sysctl -w this morning) is not, so the router comes back from the reboot with forwarding off (the image's sysctl.d default)
set -euo pipefail
[ "$NODE" = router ] || exit 0
{ echo '#!/usr/sbin/nft -f'; echo 'flush ruleset'; nft list ruleset; } > /etc/nftables.conf
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
via=$(ip -4 route show 10.10.8.0/24 | awk '{print $3}')
unit=$(networkctl status eth2 2>/dev/null | awk -F': ' '/Network File/ {print $2}' | xargs basename)
install -d "/etc/systemd/network/$unit.d"
printf '[Route]\nDestination=10.10.8.0/24\nGateway=%s\n' "$via" > "/etc/systemd/network/$unit.d/50-labnet.conf"
networkctl reload
