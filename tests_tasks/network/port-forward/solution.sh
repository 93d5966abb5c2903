#!/bin/bash
# Reference solution: forwarding on; DNAT of tcp/80 arriving on the upstream side to
# client:8080; a forward filter that lets in only that translated flow (plus replies) and lets
# the LAN out. Saved in /etc/nftables.conf for nftables.service. gateway: eth1 = wan, eth2 = lan.
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/nftables.sh
[ "$NODE" = gateway ] || exit 0
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
ip_forward_persistent
cat > /etc/nftables.conf <<NFT
#!/usr/sbin/nft -f
flush ruleset

table ip nat {
	chain prerouting {
		type nat hook prerouting priority dstnat; policy accept;
		iifname "eth1" ip daddr 198.51.100.2 tcp dport 80 dnat to $CLIENT:8080
	}
}

table inet filter {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		iifname "eth1" oifname "eth2" ip daddr $CLIENT tcp dport 8080 ct status dnat accept
		iifname "eth2" oifname "eth1" accept
	}
}
NFT
nftables_apply
