#!/bin/bash
# Reference solution: dnsmasq as a DHCP-only server (port=0: no DNS) on the router's lan
# interface, the kiosk's MAC bound to 10.10.1.50, enabled at boot.
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
# lobby kiosk
dhcp-host=02:1a:2b:3c:4d:50,10.10.1.50,kiosk,infinite
CONF
dnsmasq_apply
