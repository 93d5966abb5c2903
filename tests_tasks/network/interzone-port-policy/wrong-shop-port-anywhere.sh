#!/bin/bash
# must fail req-1: the wan rule allows tcp/443 to any host behind the firewall instead of to server only, so from the internet side tcp/443 on LAN machines is reachable too
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = firewall ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet zones {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		ct state invalid drop
		iifname "eth1" tcp dport 443 accept
		iifname "eth2" oifname "eth3" ip daddr 10.10.3.10 tcp dport { 22, 443 } accept
		iifname { "eth2", "eth3" } oifname "eth1" accept
	}
}
NFT
nftables_apply
