#!/bin/bash
# must fail req-1, req-2, req-3, req-4: forwarding is saved in /etc/sysctl.d/01-ip-forward.conf, which sorts before the appliance's 10-opsbench-router.conf (ip_forward = 0): at boot the later file wins and forwarding is off again
set -euo pipefail
[ "$NODE" = router ] || exit 0
printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/01-ip-forward.conf
sysctl -q -p /etc/sysctl.d/01-ip-forward.conf
sysctl net.ipv4.ip_forward
