#!/bin/bash
# must fail req-2, req-3: the filter is added with nft commands only, never saved to /etc/nftables.conf nor loaded at boot; the reboot brings back a router that forwards everything
set -euo pipefail
[ "$NODE" = router ] || exit 0
nft add table inet lanfilter
nft 'add chain inet lanfilter forward { type filter hook forward priority filter; policy accept; }'
nft add rule inet lanfilter forward ct state established,related accept
nft add rule inet lanfilter forward ct state invalid drop
nft add rule inet lanfilter forward iifname eth1 oifname eth2 tcp dport 443 ct state new accept
nft add rule inet lanfilter forward iifname eth1 oifname eth2 reject
nft list ruleset
