#!/bin/bash
# must fail req-4: default-deny input without an accept for the loopback interface: the debug console, though running, no longer answers on node1 itself
set -euo pipefail
# the file nftables.service loads: /etc/nftables.conf (Debian), /etc/sysconfig/nftables.conf (RHEL)
conf=/etc/nftables.conf; [ -f /etc/sysconfig/nftables.conf ] && conf=/etc/sysconfig/nftables.conf
cat > "$conf" <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority filter; policy drop;
    ct state established,related accept
    meta l4proto { 1, 58 } accept
    tcp dport { 22, 8080 } accept
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
  }
}
NFT
nft -c -f "$conf"
systemctl enable nftables.service
systemctl restart nftables.service
nft list chain inet filter input
