#!/bin/bash
# must fail req-3: the lab-network route goes into a new 50-….network file for eth2, but networkd applies only the first .network file that matches a link (the lab's 20-ob-eth2.network), so the route is never configured after the reboot
set -euo pipefail
. ./save.sh
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
save_ruleset
systemctl enable nftables.service
via=$(ip -4 route show 10.10.8.0/24 | awk '{print $3}')
cat > /etc/systemd/network/50-labnet-route.network <<NET
[Match]
Name=eth2

[Route]
Destination=10.10.8.0/24
Gateway=$via
NET
networkctl reload
