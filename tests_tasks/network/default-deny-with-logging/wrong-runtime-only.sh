#!/bin/bash
# must fail req-2, req-3, req-4: the policy is kept in /root/audit.nft and loaded by hand; /etc/nftables.conf and the boot are untouched, so after the reboot the router forwards everything, accepts SSH from lan2 and logs nothing
set -euo pipefail
[ "$NODE" = router ] || exit 0
cat > /root/audit.nft <<'NFT'
table inet audit {
	chain input {
		type filter hook input priority filter; policy drop;
		iifname { "lo", "eth0" } accept
		ct state established,related accept
		ct state invalid drop
		icmp type echo-request accept
		iifname "eth1" tcp dport 22 accept
		limit rate 20/second burst 50 packets log prefix "OB-DROP " level info
	}
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		ct state invalid drop
		iifname "eth1" oifname "eth2" ip daddr 10.10.2.0/24 tcp dport 80 ct state new accept
		limit rate 20/second burst 50 packets log prefix "OB-DROP " level info
	}
}
NFT
nft -c -f /root/audit.nft
nft -f /root/audit.nft
nft list table inet audit
