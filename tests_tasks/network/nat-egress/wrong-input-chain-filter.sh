#!/bin/bash
# must fail req-4: new connections from wan are dropped in the input chain, which guards only the gateway itself; forwarded traffic into the LAN passes unfiltered
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/nftables.sh
[ "$NODE" = gateway ] || exit 0
ip_forward_persistent
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet filter {
	chain input {
		type filter hook input priority filter; policy accept;
		ct state established,related accept
		iifname "eth1" ct state new drop
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
