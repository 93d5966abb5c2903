#!/bin/bash
# Starting condition: leftovers of node1's router days, applied now and at every boot.
set -euo pipefail
cat > /etc/sysctl.d/60-lab-router.conf <<'CONF'
# lab router settings (2019)
net.ipv4.ip_forward = 1
net.ipv6.conf.all.forwarding = 1
net.ipv4.conf.all.accept_redirects = 1
net.ipv4.conf.default.accept_redirects = 1
net.ipv4.conf.all.send_redirects = 1
net.ipv4.conf.all.accept_source_route = 1
net.ipv4.conf.default.accept_source_route = 1
net.ipv4.conf.all.rp_filter = 0
net.ipv4.conf.default.rp_filter = 0
net.ipv4.tcp_syncookies = 0
CONF
sysctl -q -p /etc/sysctl.d/60-lab-router.conf
# what a router config does for each existing interface too
for i in /proc/sys/net/ipv4/conf/*/; do
  n=$(basename "$i"); [ "$n" = all ] && continue
  echo 1 > "$i/accept_redirects"; echo 1 > "$i/send_redirects"; echo 1 > "$i/accept_source_route"
done
for i in /proc/sys/net/ipv6/conf/*/; do echo 1 > "$i/accept_redirects"; done
