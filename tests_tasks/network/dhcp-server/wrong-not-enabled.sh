#!/bin/bash
# must fail req-1, req-2, req-3, req-4: dnsmasq is configured and restarted but never enabled (the appliance ships it disabled), so after the reboot nothing answers DHCP on lan
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
dnsmasq_lan_dhcp "dhcp-option=option:dns-server,10.10.1.53"
dnsmasq --test
systemctl restart dnsmasq.service
systemctl is-active dnsmasq.service
