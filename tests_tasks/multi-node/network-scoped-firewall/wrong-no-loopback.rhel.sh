#!/bin/bash
# must fail req-4: every source outside 10.100.0.0/24 is dropped on tcp/9100, loopback included, so the local health check on http://127.0.0.1:9100/ no longer gets an answer
# rhel family, written, NOT validated: firewalld accepts loopback before any rule of its own, so the
# mistake is made the way an agent who prefers raw nftables makes it on EL: firewalld is disabled
# and EL's nftables.service loads the same ruleset from /etc/sysconfig/nftables.conf (at boot too)
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
systemctl disable --now firewalld.service
cat > /etc/sysconfig/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet reports_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 9100 ip saddr != 10.100.0.0/24 drop
  }
}
NFT
nft -c -f /etc/sysconfig/nftables.conf
systemctl enable nftables.service
systemctl restart nftables.service
nft list ruleset
