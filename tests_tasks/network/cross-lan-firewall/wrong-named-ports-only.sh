#!/bin/bash
# must fail req-3: only the ports the ticket names (admin tcp/8080 and SSH) are blocked from lan1; every other TCP port, UDP and ping still reach lan2
set -euo pipefail
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet lanfilter {
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		iifname "eth1" oifname "eth2" tcp dport { 22, 8080 } reject with tcp reset
	}
}
NFT
nftables_apply
