#!/bin/bash
# must fail req-2: renewed with the internal CA, but `openssl x509 -req` without -days issues the default 30 days, so the certificate runs out again within the month
set -euo pipefail
. ./renew.sh
new_key_and_csr
server_ext
openssl x509 -req -sha256 -in "$tmp/billing.csr" -CA /root/corp-ca/ca.crt -CAkey /root/corp-ca/ca.key \
  -set_serial "0x$(openssl rand -hex 8)" -extfile "$tmp/ext" -out "$tmp/billing.crt"
install -m 644 -o root -g root "$tmp/billing.crt" /etc/billing-api/tls/billing.crt
install -m 640 -o root -g billing "$tmp/billing.key" /etc/billing-api/tls/billing.key
systemctl restart billing-api.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /root/corp-ca/ca.crt https://billing.corp.internal:8443/health && break
  sleep 0.2
done
