#!/bin/bash
# must fail req-4: the OB-DROP log rule comes after an explicit drop at the end of each chain, so no packet ever reaches it and nothing blocked is logged
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet audit {
	chain input {
		type filter hook input priority filter; policy drop;
		iifname { "lo", "eth0" } accept
		ct state established,related accept
		ct state invalid drop
		icmp type echo-request accept
		iifname "eth1" tcp dport 22 accept
		counter drop
		limit rate 20/second burst 50 packets log prefix "OB-DROP " level info
	}
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		ct state invalid drop
		iifname "eth1" oifname "eth2" ip daddr 10.10.2.0/24 tcp dport 80 ct state new accept
		counter drop
		limit rate 20/second burst 50 packets log prefix "OB-DROP " level info
	}
}
NFT
nftables_apply
