#!/bin/bash
# must fail req-3: the forward filter lets in any connection to client tcp/8080, not only the DNATed one, so wan reaches client:8080 directly by its LAN address
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
		iifname "eth1" oifname "eth2" ip daddr $CLIENT tcp dport 8080 accept
		iifname "eth2" oifname "eth1" accept
	}
}
NFT
nftables_apply
