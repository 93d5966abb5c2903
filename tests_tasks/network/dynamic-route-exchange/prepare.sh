#!/bin/bash
# Starting condition: both routers forward (persistently) and know only their own networks.
set -euo pipefail
case "$NODE" in
  router-a|router-b)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
esac
