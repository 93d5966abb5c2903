#!/bin/bash
# Reference solution: a forward filter on the router: replies of established flows pass, from
# lan1 (eth1) to lan2 (eth2) only new tcp/443, the rest from lan1 to lan2 is rejected;
# lan2 → lan1 is untouched. Saved in /etc/nftables.conf for nftables.service.
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet lanfilter {
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		ct state invalid drop
		iifname "eth1" oifname "eth2" tcp dport 443 ct state new accept
		iifname "eth1" oifname "eth2" reject
	}
}
NFT
nftables_apply
