#!/bin/bash
# Included by solution.sh and wrong-not-enabled.sh.
# lan_dhcp_conf: dnsmasq as a DHCP-only server (port=0: no DNS) on the lan interface (eth1): the
# pool, the gateway, and the kiosk's MAC bound to 10.10.1.50
lan_dhcp_conf() {
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
}
