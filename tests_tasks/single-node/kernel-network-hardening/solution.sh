#!/bin/bash
# Reference solution: drop the router leftovers, put the hardening in a sysctl.d file that
# also covers every interface (globs), and apply it now with the same tool that applies it at
# boot (systemd-sysctl understands the globs).
set -euo pipefail
rm -f /etc/sysctl.d/60-lab-router.conf
cat > /etc/sysctl.d/90-network-hardening.conf <<'CONF'
# node1 is a plain server: no forwarding, no redirects, no source routing, strict rp_filter.
net.ipv4.ip_forward = 0
net.ipv4.conf.all.forwarding = 0
net.ipv6.conf.all.forwarding = 0
net.ipv4.conf.*.accept_redirects = 0
net.ipv4.conf.*.secure_redirects = 0
net.ipv6.conf.*.accept_redirects = 0
net.ipv4.conf.*.send_redirects = 0
net.ipv4.conf.*.accept_source_route = 0
net.ipv6.conf.*.accept_source_route = 0
net.ipv4.conf.*.rp_filter = 1
net.ipv4.tcp_syncookies = 1
CONF
/usr/lib/systemd/systemd-sysctl 2>/dev/null || /lib/systemd/systemd-sysctl
sysctl net.ipv4.ip_forward net.ipv4.conf.eth0.accept_redirects net.ipv4.conf.all.rp_filter
