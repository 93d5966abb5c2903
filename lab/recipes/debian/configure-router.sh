#!/bin/bash
# The linux-router appliance starts unconfigured, like a vendor router fresh out of the box:
# its services are installed but off, forwarding is off, the ruleset is empty.
set -euo pipefail
R=$1
for unit in dnsmasq.service keepalived.service frr.service; do
  chroot "$R" systemctl disable "$unit" >/dev/null 2>&1 || true
done
# dnsmasq's package enables itself through an init.d link too
rm -f "$R"/etc/rc?.d/S*dnsmasq
printf 'net.ipv4.ip_forward = 0\n' > "$R/etc/sysctl.d/10-opsbench-router.conf"
echo "opsbench linux-router" > "$R/etc/opsbench-appliance"
