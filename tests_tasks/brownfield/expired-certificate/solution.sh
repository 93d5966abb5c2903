#!/bin/bash
# Reference solution: a new key and a certificate for billing.corp.internal (SAN, serverAuth)
# signed by the internal CA for 397 days, installed where the unit expects them (the key
# readable by the service's group), then the service restarted so it loads them.
set -euo pipefail
. ./renew.sh
new_key_and_csr
server_ext
openssl x509 -req -sha256 -days 397 -in "$tmp/billing.csr" -CA /root/corp-ca/ca.crt \
  -CAkey /root/corp-ca/ca.key -set_serial "0x$(openssl rand -hex 8)" -extfile "$tmp/ext" \
  -out "$tmp/billing.crt"
install -m 644 -o root -g root "$tmp/billing.crt" /etc/billing-api/tls/billing.crt
install -m 640 -o root -g billing "$tmp/billing.key" /etc/billing-api/tls/billing.key
systemctl restart billing-api.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /root/corp-ca/ca.crt https://billing.corp.internal:8443/health && exit 0
  sleep 0.2
done
systemctl status billing-api.service --no-pager >&2 || true
exit 1
