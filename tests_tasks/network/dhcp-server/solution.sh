#!/bin/bash
# Reference solution: dnsmasq as a DHCP-only server (port=0: no DNS) on the router's lan
# interface, enabled at boot.
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
dnsmasq_lan_dhcp "dhcp-option=option:dns-server,10.10.1.53"
dnsmasq_apply
