#!/bin/bash
# must fail req-3: the three lab names are host records, but lab is not declared local, so a lab name dnsmasq does not know is forwarded to the provider's resolver
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = gateway ] || exit 0
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
cat > /etc/dnsmasq.d/lan-dns.conf <<CONF
interface=eth2
bind-dynamic
no-resolv
no-hosts
domain-needed
bogus-priv
server=198.51.100.10
host-record=gateway.lab,10.10.1.1
host-record=client.lab,$CLIENT
host-record=upstream.lab,198.51.100.10
CONF
dnsmasq_apply
