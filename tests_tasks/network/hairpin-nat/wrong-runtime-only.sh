#!/bin/bash
# must fail req-1, req-2: the hairpin masquerade is added to the running ruleset with nft commands only; /etc/nftables.conf still holds the old DNAT alone, which nftables.service loads at boot, so the reboot undoes the fix
set -euo pipefail
[ "$NODE" = frontend ] || exit 0
nft 'add chain ip publish postrouting { type nat hook postrouting priority srcnat; policy accept; }'
nft add rule ip publish postrouting ip saddr 10.20.1.0/24 ip daddr 10.20.1.11 tcp dport 8080 ct status dnat masquerade
nft list table ip publish
