#!/bin/bash
# must fail req-2, req-4: a drop policy with per-direction rules but no rule for established flows, so the replies coming back into the LAN and the DMZ (from server to client, from the internet side) are dropped
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = firewall ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet zones {
	chain forward {
		type filter hook forward priority filter; policy drop;
		iifname "eth1" oifname "eth3" ip daddr 10.10.3.10 tcp dport 443 accept
		iifname "eth2" oifname "eth3" ip daddr 10.10.3.10 tcp dport { 22, 443 } accept
		iifname { "eth2", "eth3" } oifname "eth1" accept
	}
}
NFT
nftables_apply
