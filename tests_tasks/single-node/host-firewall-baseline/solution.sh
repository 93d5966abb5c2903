#!/bin/bash
# Reference solution (Debian/Ubuntu): an nftables ruleset with an input policy of drop, saved
# to /etc/nftables.conf and loaded by the enabled nftables service, so it survives reboots.
set -euo pipefail
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority filter; policy drop;
    ct state established,related accept
    iif "lo" accept
    meta l4proto { 1, 58 } accept          # icmp, ipv6-icmp (numbers: minimal images lack /etc/protocols)
    tcp dport { 22, 8080 } accept
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
  }
  chain output {
    type filter hook output priority filter; policy accept;
  }
}
NFT
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
systemctl restart nftables.service
nft list chain inet filter input
