#!/bin/bash
# Included by solution.sh and wrong-runtime-only.sh.
# audit_table prints the policy's nftables table (drop policies on input and forward, what they
# drop logged with OB-DROP): solution.sh saves it in /etc/nftables.conf, wrong-runtime-only.sh
# only loads it.
audit_table() {
  cat <<'NFT'
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
}
