#!/bin/bash
# must fail req-2: tcp/9100 is accepted from "the private addresses" 10.0.0.0/8 instead of the priv subnet 10.100.0.0/24; the management network (10.213.0.0/24) is inside that range, so the service stays reachable there
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet reports_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 9100 iifname "lo" accept
    tcp dport 9100 ip saddr 10.0.0.0/8 accept
    tcp dport 9100 drop
  }
}
NFT
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
systemctl restart nftables.service
nft list ruleset
