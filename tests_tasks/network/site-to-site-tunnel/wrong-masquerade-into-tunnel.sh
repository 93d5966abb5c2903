#!/bin/bash
# must fail req-1: each router masquerades what it sends into the tunnel (so the far side "can answer"), so each host sees the other router's tunnel address, not the other host's own: NAT between the sites
# steps: router-a:keys.sh router-b router-a
set -euo pipefail
. ./tunnel.sh
wg_private
tunnel_conf
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet sites {
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		iifname "eth1" drop
	}
}

table ip nat {
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname "wg0" masquerade
	}
}
NFT
nftables_apply
systemctl enable --now wg-quick@wg0.service
