#!/bin/bash
# Starting condition: router forwards between the three networks (persistently), no filter.
set -euo pipefail
case "$NODE" in
  router)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
esac
