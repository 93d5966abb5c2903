#!/bin/bash
# must fail req-1, req-2, req-3: dnsmasq is configured right and restarted, but not enabled (the appliance ships it disabled): after the reboot no DHCP server runs on lan
set -euo pipefail
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
dnsmasq --test
systemctl restart dnsmasq.service
systemctl is-active dnsmasq.service
