#!/bin/bash
# must fail req-3: everything leaving towards the back network is masqueraded, so hairpin works but the application logs the router's address for front clients too, not their own
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
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname "eth2" masquerade
	}
}
NFT
nftables_apply
