#!/bin/bash
# must fail req-1, req-3: the subjectAltName is put in the CSR only; `openssl x509 -req` does not copy CSR extensions, so the certificate names the host in its CN alone, which browsers, Go and other modern clients reject
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/billing.key"
openssl req -new -key "$tmp/billing.key" -subj "/O=Example Corp/CN=billing.corp.internal" \
  -addext "subjectAltName=DNS:billing.corp.internal" -out "$tmp/billing.csr"
openssl x509 -req -sha256 -days 365 -in "$tmp/billing.csr" -CA /root/corp-ca/ca.crt \
  -CAkey /root/corp-ca/ca.key -set_serial "0x$(openssl rand -hex 8)" -out "$tmp/billing.crt"
install -m 644 -o root -g root "$tmp/billing.crt" /etc/billing-api/tls/billing.crt
install -m 640 -o root -g billing "$tmp/billing.key" /etc/billing-api/tls/billing.key
systemctl restart billing-api.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /root/corp-ca/ca.crt https://billing.corp.internal:8443/health && break
  sleep 0.2
done
