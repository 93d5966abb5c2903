#!/bin/bash
# must fail req-1, req-2, req-3, req-5, req-6: every value set with sysctl -w only; the router file /etc/sysctl.d/60-lab-router.conf is left and brings forwarding, redirects, rp_filter 0 and no SYN cookies back at the next boot
set -euo pipefail
sysctl -w net.ipv4.ip_forward=0 net.ipv6.conf.all.forwarding=0 net.ipv4.tcp_syncookies=1
for c in /proc/sys/net/ipv4/conf/*/; do
  n=$(basename "$c")
  sysctl -qw "net.ipv4.conf.$n.accept_redirects=0" "net.ipv4.conf.$n.secure_redirects=0" \
    "net.ipv4.conf.$n.send_redirects=0" "net.ipv4.conf.$n.accept_source_route=0" "net.ipv4.conf.$n.rp_filter=1"
done
for c in /proc/sys/net/ipv6/conf/*/; do
  n=$(basename "$c")
  sysctl -qw "net.ipv6.conf.$n.accept_redirects=0" "net.ipv6.conf.$n.accept_source_route=0"
done
sysctl net.ipv4.ip_forward net.ipv4.conf.all.accept_redirects net.ipv4.conf.all.rp_filter net.ipv4.tcp_syncookies
