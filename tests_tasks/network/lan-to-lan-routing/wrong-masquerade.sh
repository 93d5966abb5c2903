#!/bin/bash
# must fail req-1, req-2: forwarding is on (persistently) but, out of router habit, traffic is masqueraded on the way out of each LAN interface, so each host sees the router's address instead of the other host's
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/nftables.sh
[ "$NODE" = router ] || exit 0
ip_forward_persistent
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table ip nat {
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname { "eth1", "eth2" } masquerade
	}
}
NFT
nftables_apply
