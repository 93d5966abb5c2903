#!/bin/bash
# must fail req-4: the guest network is blocked without accepting established flows, so the replies to connections staff starts towards the guest network are dropped: staff loses access it had
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet guest {
	chain input {
		type filter hook input priority filter; policy accept;
		iifname "eth3" tcp dport 22 drop
	}
	chain forward {
		type filter hook forward priority filter; policy accept;
		iifname "eth3" oifname != "eth1" drop
	}
}
NFT
nftables_apply
