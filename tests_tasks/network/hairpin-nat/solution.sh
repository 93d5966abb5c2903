#!/bin/bash
# Reference solution: publish the address for traffic from anywhere (the DNAT already does),
# and masquerade only the hairpinned flows (from the back network to the published backend),
# so backend1 answers through frontend; front clients keep their own address.
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = frontend ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table ip publish {
	chain prerouting {
		type nat hook prerouting priority dstnat; policy accept;
		ip daddr 10.20.0.1 tcp dport 80 dnat to 10.20.1.11:8080
	}
	chain output {
		type nat hook output priority -100; policy accept;
		ip daddr 10.20.0.1 tcp dport 80 dnat to 10.20.1.11:8080
	}
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		ip saddr 10.20.1.0/24 ip daddr 10.20.1.11 tcp dport 8080 ct status dnat masquerade
	}
}
NFT
nftables_apply
