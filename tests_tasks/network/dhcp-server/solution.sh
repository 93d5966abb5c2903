#!/bin/bash
# Reference solution: dnsmasq as a DHCP-only server (port=0: no DNS) on the router's lan
# interface, enabled at boot.
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
cat > /etc/dnsmasq.d/lan-dhcp.conf <<'CONF'
# DHCP for the office LAN (eth1); no DNS service
port=0
interface=eth1
bind-dynamic
dhcp-authoritative
dhcp-range=10.10.1.100,10.10.1.200,255.255.255.0,12h
dhcp-option=option:router,10.10.1.1
dhcp-option=option:dns-server,10.10.1.53
CONF
dnsmasq_apply
