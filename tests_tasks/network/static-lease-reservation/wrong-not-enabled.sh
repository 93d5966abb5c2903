#!/bin/bash
# must fail req-1, req-2, req-3: dnsmasq is configured right and restarted, but not enabled (the appliance ships it disabled): after the reboot no DHCP server runs on lan
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
dnsmasq_lan_dhcp "# lobby kiosk" "dhcp-host=02:1a:2b:3c:4d:50,10.10.1.50,kiosk,infinite"
dnsmasq --test
systemctl restart dnsmasq.service
systemctl is-active dnsmasq.service
