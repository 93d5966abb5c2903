#!/bin/bash
# must fail req-4: dnsmasq is not bound to the LAN interface, so it listens on every interface and answers the provider's network at the gateway's wan address (an open resolver)
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = gateway ] || exit 0
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
cat > /etc/dnsmasq.d/lan-dns.conf <<CONF
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
