#!/bin/bash
# must fail req-1: node3 is declared `backup` in the nginx upstream, an active/passive pair: every request goes to node2 and node3 only gets traffic when node2 is down, so the load is not spread
set -euo pipefail
. ./shop-lb.sh
[ "$NODE" = node1 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
dpkg -s nginx >/dev/null 2>&1 || apt-get install -y --no-install-recommends nginx
shop_lb_site <<SERVERS
    server $OB_ADDR_NODE2_PRIV:8080 max_fails=1 fail_timeout=5s;
    server $OB_ADDR_NODE3_PRIV:8080 backup;
SERVERS
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer yet" >&2
