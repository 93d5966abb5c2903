#!/bin/bash
# must fail req-1, req-2, req-3, req-4: dnsmasq is configured and restarted but never enabled (the appliance ships it disabled), so after the reboot nothing answers DHCP on lan
set -euo pipefail
[ "$NODE" = router ] || exit 0
cat > /etc/dnsmasq.d/lan-dhcp.conf <<'CONF'
port=0
interface=eth1
bind-dynamic
dhcp-authoritative
dhcp-range=10.10.1.100,10.10.1.200,255.255.255.0,12h
dhcp-option=option:router,10.10.1.1
dhcp-option=option:dns-server,10.10.1.53
CONF
dnsmasq --test
systemctl restart dnsmasq.service
systemctl is-active dnsmasq.service
