#!/bin/bash
# must fail req-4: every source outside 10.100.0.0/24 is dropped on tcp/9100, loopback included, so the local health check on http://127.0.0.1:9100/ no longer gets an answer
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet reports_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 9100 ip saddr != 10.100.0.0/24 drop
  }
}
NFT
nft -c -f /etc/nftables.conf
systemctl enable nftables.service
systemctl restart nftables.service
nft list ruleset
