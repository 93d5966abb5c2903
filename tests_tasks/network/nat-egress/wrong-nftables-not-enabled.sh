#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the ruleset is saved in /etc/nftables.conf and loaded by hand, but nftables.service stays disabled: after the reboot the gateway forwards with no NAT and no filter
set -euo pipefail
[ "$NODE" = gateway ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
sysctl -q -p /etc/sysctl.d/90-routing.conf
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
