#!/bin/bash
# Reference solution: save each runtime piece where the router's own boot restores it:
# forwarding in sysctl.d (after the image's 10-… default), the ruleset in nftables.conf for
# nftables.service, the route in a networkd drop-in for eth2's network.
set -euo pipefail
. ./save.sh
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
save_ruleset
systemctl enable nftables.service
save_route
