#!/bin/bash
# must fail req-1: node3 is declared `backup` in the nginx upstream, an active/passive pair: every request goes to node2 and node3 only gets traffic when node2 is down, so the load is not spread
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
dpkg -s nginx >/dev/null 2>&1 || apt-get install -y --no-install-recommends nginx
cat > /etc/nginx/sites-available/shop-lb <<CONF
upstream shop_backends {
    server $OB_ADDR_NODE2_PRIV:8080 max_fails=1 fail_timeout=5s;
    server $OB_ADDR_NODE3_PRIV:8080 backup;
}
server {
    listen 80 default_server;
    location / {
        proxy_pass http://shop_backends;
        proxy_connect_timeout 2s;
        proxy_next_upstream error timeout http_502 http_503 http_504;
        proxy_set_header Host \$host;
    }
}
CONF
rm -f /etc/nginx/sites-enabled/default
ln -sf ../sites-available/shop-lb /etc/nginx/sites-enabled/shop-lb
nginx -t
systemctl enable nginx.service
systemctl restart nginx.service
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer yet" >&2
