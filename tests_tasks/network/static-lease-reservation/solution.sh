#!/bin/bash
# Reference solution: dnsmasq as a DHCP-only server (port=0: no DNS) on the router's lan
# interface, the kiosk's MAC bound to 10.10.1.50, enabled at boot.
set -euo pipefail
. tasklib/dnsmasq.sh
. ./lan-dhcp.sh
[ "$NODE" = router ] || exit 0
lan_dhcp_conf
dnsmasq_apply
