#!/bin/bash
# must fail req-3: SSH is allowed by destination address (the router's lan1 address 10.10.1.1) instead of by the arriving interface; host2 on lan2 still opens SSH to 10.10.1.1, which the router delivers locally
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
		ip daddr 10.10.1.1 tcp dport 22 accept
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
nftables_apply
