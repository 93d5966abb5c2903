#!/bin/bash
# Included by solution.sh and wrong-runtime-only.sh.
# guest_table prints the isolation's nftables table (new flows from the guest network leave by
# wan only, no SSH to the router from there): solution.sh saves it in /etc/nftables.conf,
# wrong-runtime-only.sh only loads it.
guest_table() {
  cat <<'NFT'
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
}
