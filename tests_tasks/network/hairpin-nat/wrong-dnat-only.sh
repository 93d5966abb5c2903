#!/bin/bash
# must fail req-1, req-2: the published address is also DNATed for the router's own traffic (so curl on frontend works) but nothing is source-NATed, so backend1 answers back-network clients directly and their connections still hang
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
}
NFT
nftables_apply
