#!/bin/bash
# must fail req-1: the kiosk's reservation goes into /etc/ethers, which dnsmasq reads only with read-ethers; without it the kiosk is offered a pool address
set -euo pipefail
. tasklib/dnsmasq.sh
[ "$NODE" = router ] || exit 0
dnsmasq_lan_dhcp
# lobby kiosk
printf '02:1a:2b:3c:4d:50 10.10.1.50\n' >> /etc/ethers
dnsmasq_apply
