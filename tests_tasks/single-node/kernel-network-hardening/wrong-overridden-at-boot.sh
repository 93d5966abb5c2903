#!/bin/bash
# must fail req-1, req-2, req-3, req-6: the right settings, in a sysctl.d file that sorts before the router leftovers (10- < 60-) and applied alone; at boot 60-lab-router.conf is read last and wins
set -euo pipefail
cat > /etc/sysctl.d/10-network-hardening.conf <<'CONF'
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
/usr/lib/systemd/systemd-sysctl /etc/sysctl.d/10-network-hardening.conf 2>/dev/null \
  || /lib/systemd/systemd-sysctl /etc/sysctl.d/10-network-hardening.conf
sysctl net.ipv4.ip_forward net.ipv4.conf.eth0.accept_redirects net.ipv4.conf.all.rp_filter
