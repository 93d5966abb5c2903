#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the ruleset is saved in /etc/nftables.conf and loaded by hand, but nftables.service stays disabled: after the reboot the gateway forwards with no NAT and no filter
set -euo pipefail
. tasklib/ip-forward.sh
[ "$NODE" = gateway ] || exit 0
ip_forward_persistent
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet filter {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		iifname "eth2" oifname "eth1" ip saddr 10.10.1.0/24 accept
	}
}

table ip nat {
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname "eth1" ip saddr 10.10.1.0/24 masquerade
	}
}
NFT
nft -c -f /etc/nftables.conf
nft -f /etc/nftables.conf
