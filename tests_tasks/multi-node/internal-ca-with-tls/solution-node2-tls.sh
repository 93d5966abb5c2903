#!/bin/bash
# Reference solution, step 3 (node2): fetch the signed certificate, serve HTTPS on 443.
set -euo pipefail
pkill -f 'http[.]server 8799' || true
rm -rf /run/ob-xfer
curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/portal.crt" -o /etc/nginx/tls/portal.crt
openssl x509 -in /etc/nginx/tls/portal.crt -noout >/dev/null
cat > /etc/nginx/sites-available/portal-tls <<'CONF'
server {
    listen 443 ssl;
    server_name portal.corp.internal;
    ssl_certificate /etc/nginx/tls/portal.crt;
    ssl_certificate_key /etc/nginx/tls/portal.key;
    root /var/www/html;
    index index.html;
}
CONF
ln -sf ../sites-available/portal-tls /etc/nginx/sites-enabled/portal-tls
nginx -t
systemctl reload nginx.service
for i in $(seq 1 50); do ss -Hltn 'sport = :443' | grep -q . && exit 0; sleep 0.2; done
echo "nginx does not listen on 443" >&2; exit 1
