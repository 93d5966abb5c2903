#!/bin/bash
# must fail req-2, req-3: the isolation is loaded straight into the kernel with nft and never saved to /etc/nftables.conf nor loaded at boot, so after the reboot guests reach the staff network and the router's SSH again
set -euo pipefail
[ "$NODE" = router ] || exit 0
nft -f - <<'NFT'
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
nft list table inet guest
