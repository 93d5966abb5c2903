#!/bin/bash
# Reference solution: eth1 = wan, eth2 = staff, eth3 = guest. New flows from the guest
# network may only leave by wan; the router itself refuses the guest network's SSH (on any of
# its addresses: the input hook sees the arriving interface, not the address asked for).
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet guest {
	chain input {
		type filter hook input priority filter; policy accept;
		iifname "eth3" tcp dport 22 reject with tcp reset
	}
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		iifname "eth3" oifname != "eth1" reject
	}
}
NFT
nftables_apply
