#!/bin/bash
# must fail req-1, req-3: a fresh self-signed certificate (right name, a year long) instead of one issued by the internal CA, which is all the clients trust
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/billing.key"
openssl req -x509 -new -key "$tmp/billing.key" -sha256 -days 365 \
  -subj "/O=Example Corp/CN=billing.corp.internal" -addext "subjectAltName=DNS:billing.corp.internal" \
  -out "$tmp/billing.crt"
install -m 644 -o root -g root "$tmp/billing.crt" /etc/billing-api/tls/billing.crt
install -m 640 -o root -g billing "$tmp/billing.key" /etc/billing-api/tls/billing.key
systemctl restart billing-api.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /etc/billing-api/tls/billing.crt https://billing.corp.internal:8443/health && break
  sleep 0.2
done
openssl x509 -in /etc/billing-api/tls/billing.crt -noout -subject -enddate
