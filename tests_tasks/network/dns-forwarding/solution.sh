#!/bin/bash
# Reference solution: dnsmasq on the gateway's LAN interface only (eth2; eth1 = wan): the
# "lab" zone answered locally (local=/lab/ keeps it from being forwarded), everything else
# forwarded to the provider's resolver; no DHCP.
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = gateway ] || exit 0
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
cat > /etc/dnsmasq.d/lan-dns.conf <<CONF
# DNS for the office LAN only
interface=eth2
bind-dynamic
no-resolv
no-hosts
domain-needed
bogus-priv
server=198.51.100.10
local=/lab/
host-record=gateway.lab,10.10.1.1
host-record=client.lab,$CLIENT
host-record=upstream.lab,198.51.100.10
CONF
dnsmasq_apply
