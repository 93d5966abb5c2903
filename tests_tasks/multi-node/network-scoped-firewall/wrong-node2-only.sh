#!/bin/bash
# must fail req-1: tcp/9100 is opened for node2's own address only, not for the private network: any other machine on priv (10.100.0.0/24) is shut out of the service that is meant for all of them
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
cat > /etc/nftables.conf <<NFT
#!/usr/sbin/nft -f
flush ruleset
table inet reports_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 9100 iifname "lo" accept
    tcp dport 9100 ip saddr $OB_ADDR_NODE2_PRIV accept
    tcp dport 9100 drop
  }
}
NFT
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
systemctl restart nftables.service
nft list ruleset
