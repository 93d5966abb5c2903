#!/bin/bash
# Included by solution.sh and wrong-nftables-not-enabled.sh.
# gateway_ruleset: /etc/nftables.conf: a forward filter that lets only the LAN out (eth2 → eth1)
# and the replies back, and the LAN masqueraded behind the upstream address; written, not loaded.
gateway_ruleset() {
  cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet filter {
	chain forward {
		type filter hook forward priority filter; policy drop;
		ct state established,related accept
		iifname "eth2" oifname "eth1" ip saddr 10.10.1.0/24 accept
	}
}

table ip nat {
	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
		oifname "eth1" ip saddr 10.10.1.0/24 masquerade
	}
}
NFT
}
