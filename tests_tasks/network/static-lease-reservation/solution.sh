#!/bin/bash
# Reference solution: dnsmasq as a DHCP-only server (port=0: no DNS) on the router's lan
# interface, the kiosk's MAC bound to 10.10.1.50, enabled at boot.
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
dnsmasq_lan_dhcp "# lobby kiosk" "dhcp-host=02:1a:2b:3c:4d:50,10.10.1.50,kiosk,infinite"
dnsmasq_apply
