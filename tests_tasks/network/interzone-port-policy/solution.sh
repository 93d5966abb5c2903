#!/bin/bash
# Reference solution: a forward filter with a drop policy on the firewall; eth1 = wan,
# eth2 = lan, eth3 = dmz. Replies pass as established; each zone pair gets its own rules.
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
		iifname "eth1" oifname "eth3" ip daddr 10.10.3.10 tcp dport 443 accept
		iifname "eth2" oifname "eth3" ip daddr 10.10.3.10 tcp dport { 22, 443 } accept
		iifname { "eth2", "eth3" } oifname "eth1" accept
	}
}
NFT
nftables_apply
