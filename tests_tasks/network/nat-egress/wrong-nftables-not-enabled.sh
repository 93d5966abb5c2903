#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the ruleset is saved in /etc/nftables.conf and loaded by hand, but nftables.service stays disabled: after the reboot the gateway forwards with no NAT and no filter
set -euo pipefail
. tasklib/ip-forward.sh
. ./ruleset.sh
[ "$NODE" = gateway ] || exit 0
ip_forward_persistent
gateway_ruleset
nft -c -f /etc/nftables.conf
nft -f /etc/nftables.conf
