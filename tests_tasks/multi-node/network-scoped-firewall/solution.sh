#!/bin/bash
# Reference solution: an nftables table on node1 that accepts tcp/9100 only from loopback and
# from the private network.
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet reports_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 9100 iifname "lo" accept
    tcp dport 9100 iifname "eth1" ip saddr 10.100.0.0/24 accept
    tcp dport 9100 drop
  }
}
NFT
systemctl enable nftables.service
systemctl restart nftables.service
