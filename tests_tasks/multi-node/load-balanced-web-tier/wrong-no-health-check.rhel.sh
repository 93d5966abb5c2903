#!/bin/bash
# must fail req-2: HAProxy round-robins over both backends but the servers have no `check` (and no redispatch), so a stopped backend stays in rotation and its share of the requests gets 503
# rhel family, written, NOT validated: the same mistake as wrong-no-health-check.sh, HAProxy from
# AppStream (its packaged haproxy.cfg keeps its own frontend on 5000); SELinux lets haproxy reach
# the backends' port (haproxy_connect_any, permanent) and firewalld admits http, as an agent on EL
# has to, so only the missing health check differs
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
rpm -q haproxy >/dev/null 2>&1 || dnf -y -q install haproxy
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
setsebool -P haproxy_connect_any 1
firewall-cmd -q --permanent --add-service=http
firewall-cmd -q --reload
systemctl enable haproxy.service
systemctl restart haproxy.service
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer yet" >&2
