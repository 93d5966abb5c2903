#!/bin/bash
# Reference solution: turn on IPv4 forwarding on the router, persistently (a sysctl.d file
# that sorts after the appliance's 10-opsbench-router.conf, which sets it to 0).
set -euo pipefail
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
sysctl -q -p /etc/sysctl.d/90-routing.conf
[ "$(sysctl -n net.ipv4.ip_forward)" = 1 ]
