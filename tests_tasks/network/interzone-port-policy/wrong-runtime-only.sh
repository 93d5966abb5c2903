#!/bin/bash
# must fail req-1, req-2, req-3: the policy is loaded into the kernel with nft -f - and never saved to /etc/nftables.conf nor loaded at boot, so after the reboot the firewall forwards everything again
set -euo pipefail
[ "$NODE" = firewall ] || exit 0
nft -f - <<'NFT'
table inet zones {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		ct state invalid drop
		iifname "eth1" oifname "eth3" ip daddr 10.10.3.10 tcp dport 443 accept
		iifname "eth2" oifname "eth3" ip daddr 10.10.3.10 tcp dport { 22, 443 } accept
		iifname { "eth2", "eth3" } oifname "eth1" accept
	}
}
NFT
nft list table inet zones
