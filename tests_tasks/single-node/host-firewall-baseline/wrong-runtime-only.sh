#!/bin/bash
# must fail req-2, req-3: the ruleset is loaded with nft -f from a scratch file, never saved to /etc/nftables.conf nor enabled at boot: after the reboot node1 has no firewall
set -euo pipefail
cat > /root/firewall.nft <<'NFT'
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority filter; policy drop;
    ct state established,related accept
    iif "lo" accept
    meta l4proto { 1, 58 } accept
    tcp dport { 22, 8080 } accept
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
  }
}
NFT
nft -c -f /root/firewall.nft
nft -f /root/firewall.nft
nft list chain inet filter input
