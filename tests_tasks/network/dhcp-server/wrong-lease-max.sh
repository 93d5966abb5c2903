#!/bin/bash
# must fail req-3: the 12 hours go into dhcp-lease-max (the most leases dnsmasq hands out, not their length) and the range has no lease time, so leases last dnsmasq's default hour
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
cat > /etc/dnsmasq.d/lan-dhcp.conf <<'CONF'
port=0
interface=eth1
bind-dynamic
dhcp-authoritative
dhcp-range=10.10.1.100,10.10.1.200,255.255.255.0
dhcp-lease-max=43200
dhcp-option=option:router,10.10.1.1
dhcp-option=option:dns-server,10.10.1.53
CONF
dnsmasq_apply
