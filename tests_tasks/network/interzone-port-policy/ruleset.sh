#!/bin/bash
# Included by solution.sh and wrong-runtime-only.sh.
# zones_table prints the policy's nftables table (a forward filter with a drop policy, rules per
# pair of zones): solution.sh saves it in /etc/nftables.conf, wrong-runtime-only.sh only loads it.
zones_table() {
  cat <<'NFT'
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
}
