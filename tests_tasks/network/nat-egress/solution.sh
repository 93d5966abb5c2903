#!/bin/bash
# Reference solution: forwarding on, a stateful forward filter (LAN → upstream only, replies
# back) and masquerading of the LAN behind the upstream address; saved in /etc/nftables.conf
# and loaded at boot by nftables.service. gateway: eth1 = wan, eth2 = lan.
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/nftables.sh
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
nftables_apply
