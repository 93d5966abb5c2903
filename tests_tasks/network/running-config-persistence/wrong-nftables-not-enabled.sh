#!/bin/bash
# must fail req-2: the ruleset is dumped to /etc/nftables.conf but nftables.service stays disabled (as the image ships it), so after the reboot nothing blocks lan1 from tcp/8080
set -euo pipefail
. ./save.sh
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
save_ruleset
save_route
