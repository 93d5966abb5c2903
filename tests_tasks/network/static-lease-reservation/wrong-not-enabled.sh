#!/bin/bash
# must fail req-1, req-2, req-3: dnsmasq is configured right and restarted, but not enabled (the appliance ships it disabled): after the reboot no DHCP server runs on lan
set -euo pipefail
. ./lan-dhcp.sh
[ "$NODE" = router ] || exit 0
lan_dhcp_conf
dnsmasq --test
systemctl restart dnsmasq.service
systemctl is-active dnsmasq.service
