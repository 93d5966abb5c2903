#!/bin/bash
# must fail req-1: the kiosk's reservation goes into /etc/ethers, which dnsmasq reads only with read-ethers; without it the kiosk is offered a pool address
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
CONF
# lobby kiosk
printf '02:1a:2b:3c:4d:50 10.10.1.50\n' >> /etc/ethers
dnsmasq_apply
