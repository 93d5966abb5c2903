#!/bin/bash
# Starting condition: gateway forwards and masquerades the LAN out of wan (eth1) and lets no
# new connection in from wan; persistent (sysctl.d, nftables.service).
set -euo pipefail
case "$NODE" in
  gateway)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf
    cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet office {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		iifname "eth2" oifname "eth1" accept
	}
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname "eth1" ip saddr 10.10.1.0/24 masquerade
	}
}
NFT
    systemctl enable nftables.service
    systemctl restart nftables.service ;;
esac
