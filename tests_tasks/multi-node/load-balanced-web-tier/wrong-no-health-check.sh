#!/bin/bash
# must fail req-2: HAProxy round-robins over both backends but the servers have no `check` (and no redispatch), so a stopped backend stays in rotation and its share of the requests gets 503
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
dpkg -s haproxy >/dev/null 2>&1 || apt-get install -y --no-install-recommends haproxy
cat >> /etc/haproxy/haproxy.cfg <<CONF

frontend shop_front
    bind *:80
    default_backend shop_backends

backend shop_backends
    balance roundrobin
    server node2 $OB_ADDR_NODE2_PRIV:8080
    server node3 $OB_ADDR_NODE3_PRIV:8080
CONF
haproxy -c -f /etc/haproxy/haproxy.cfg
systemctl enable haproxy.service
systemctl restart haproxy.service
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer yet" >&2
