#!/bin/bash
# must fail req-3: tcp/80 is DNATed to client:8080, but with no forward filter the gateway routes anything from wan straight into the LAN
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
NFT
nftables_apply
