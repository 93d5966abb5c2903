#!/bin/bash
# must fail req-2: 10.10.1.53 is made dnsmasq's upstream and dnsmasq's own DNS left on, so the offers name the router (10.10.1.1) as DNS server instead of the office resolver 10.10.1.53
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
cat > /etc/dnsmasq.d/lan-dhcp.conf <<'CONF'
interface=eth1
bind-dynamic
no-resolv
server=10.10.1.53
dhcp-authoritative
dhcp-range=10.10.1.100,10.10.1.200,255.255.255.0,12h
dhcp-option=option:router,10.10.1.1
CONF
dnsmasq_apply
