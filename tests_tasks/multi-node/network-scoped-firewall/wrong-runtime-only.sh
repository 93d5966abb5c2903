#!/bin/bash
# must fail req-2: the scoping rules are added to the running ruleset with nft commands only, never saved to /etc/nftables.conf nor loaded at boot: after node1 reboots tcp/9100 is open on management again
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
nft add table inet reports_scope
nft 'add chain inet reports_scope input { type filter hook input priority 0; policy accept; }'
nft add rule inet reports_scope input tcp dport 9100 iifname lo accept
nft add rule inet reports_scope input tcp dport 9100 ip saddr 10.100.0.0/24 accept
nft add rule inet reports_scope input tcp dport 9100 drop
nft list table inet reports_scope
