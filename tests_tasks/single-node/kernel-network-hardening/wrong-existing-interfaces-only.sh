#!/bin/bash
# must fail req-2, req-3: `all` plus each interface there now, listed by name, but not `default`: an interface added later (VPN, bridge, container) still accepts and sends ICMP redirects
set -euo pipefail
rm -f /etc/sysctl.d/60-lab-router.conf
f=/etc/sysctl.d/90-network-hardening.conf
cat > "$f" <<'CONF'
net.ipv4.ip_forward = 0
net.ipv6.conf.all.forwarding = 0
net.ipv4.conf.all.accept_redirects = 0
net.ipv4.conf.all.secure_redirects = 0
net.ipv4.conf.all.send_redirects = 0
net.ipv4.conf.all.accept_source_route = 0
net.ipv4.conf.all.rp_filter = 1
net.ipv6.conf.all.accept_redirects = 0
net.ipv6.conf.all.accept_source_route = 0
net.ipv4.tcp_syncookies = 1
CONF
for c in /proc/sys/net/ipv4/conf/*/; do
  n=$(basename "$c"); case $n in all|default) continue ;; esac
  printf 'net.ipv4.conf.%s.%s\n' "$n" "accept_redirects = 0" "$n" "secure_redirects = 0" \
    "$n" "send_redirects = 0" "$n" "accept_source_route = 0" "$n" "rp_filter = 1" >> "$f"
done
for c in /proc/sys/net/ipv6/conf/*/; do
  n=$(basename "$c"); case $n in all|default) continue ;; esac
  printf 'net.ipv6.conf.%s.%s\n' "$n" "accept_redirects = 0" "$n" "accept_source_route = 0" >> "$f"
done
sysctl -p "$f"
