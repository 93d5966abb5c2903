#!/bin/bash
# Starting condition: gateway forwards and masquerades the LAN out of wan (eth1) and lets no
# new connection in from wan; persistent (sysctl.d, nftables.service).
set -euo pipefail
. tasklib/ip-forward.sh
case "$NODE" in
  gateway)
    ip_forward_persistent
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
