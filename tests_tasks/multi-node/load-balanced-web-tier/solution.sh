#!/bin/bash
# Reference solution: nginx on node1 as a round-robin reverse proxy with passive health checks
# (a refused connection moves the request to the other backend).
set -euo pipefail
. ./shop-lb.sh
[ "$NODE" = node1 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
dpkg -s nginx >/dev/null 2>&1 || apt-get install -y --no-install-recommends nginx
shop_lb_site <<SERVERS
    server $OB_ADDR_NODE2_PRIV:8080 max_fails=1 fail_timeout=5s;
    server $OB_ADDR_NODE3_PRIV:8080 max_fails=1 fail_timeout=5s;
SERVERS
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer" >&2; exit 1
