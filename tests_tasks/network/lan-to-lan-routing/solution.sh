#!/bin/bash
# Reference solution: turn on IPv4 forwarding on the router, persistently (a sysctl.d file
# that sorts after the appliance's 10-opsbench-router.conf, which sets it to 0).
set -euo pipefail
. tasklib/ip-forward.sh
[ "$NODE" = router ] || exit 0
ip_forward_persistent
[ "$(sysctl -n net.ipv4.ip_forward)" = 1 ]
