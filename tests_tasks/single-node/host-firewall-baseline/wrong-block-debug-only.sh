#!/bin/bash
# must fail req-3: a persistent ruleset that drops only tcp/9090 under an accepting policy: every other port a service opens later stays reachable
set -euo pipefail
# the file nftables.service loads: /etc/nftables.conf (Debian), /etc/sysconfig/nftables.conf (RHEL)
conf=/etc/nftables.conf; [ -f /etc/sysconfig/nftables.conf ] && conf=/etc/sysconfig/nftables.conf
cat > "$conf" <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority filter; policy accept;
    iif "lo" accept
    tcp dport 9090 drop
  }
}
NFT
nft -c -f "$conf"
systemctl enable nftables.service
systemctl restart nftables.service
nft list chain inet filter input
