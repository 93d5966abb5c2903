#!/bin/bash
# Starting condition: both routers forward (persistently); neither has a route to the other
# site, so the sites cannot reach each other.
set -euo pipefail
case "$NODE" in
  router-a|router-b)
    printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
    sysctl -q -p /etc/sysctl.d/90-routing.conf ;;
esac
