#!/bin/bash
# must fail req-4: lan1 → lan2 is filtered without accepting established flows, so the replies to connections host2 starts towards host1 (SSH, ping) are dropped on their way back
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet lanfilter {
	chain forward {
		type filter hook forward priority filter; policy accept;
		iifname "eth1" oifname "eth2" tcp dport 443 accept
		iifname "eth1" oifname "eth2" drop
	}
}
NFT
nftables_apply
