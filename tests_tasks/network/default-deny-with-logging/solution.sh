#!/bin/bash
# Reference solution: an nftables ruleset with drop policies on input and forward. Management
# (eth0) and loopback stay open; lan1 may SSH to the router; lan1 → lan2 only tcp/80; what is
# dropped is logged (rate-limited) with the OB-DROP prefix. Loaded by nftables.service at boot.
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
