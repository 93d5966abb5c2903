#!/bin/bash
# must fail req-3: the router's SSH is refused only on its guest-side address 10.10.9.1; guest-pc still opens SSH to the router's staff and wan addresses, which the router answers on any interface
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet guest {
	chain input {
		type filter hook input priority filter; policy accept;
		ip daddr 10.10.9.1 tcp dport 22 reject with tcp reset
	}
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		iifname "eth3" oifname != "eth1" reject
	}
}
NFT
nftables_apply
