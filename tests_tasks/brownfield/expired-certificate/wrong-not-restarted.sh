#!/bin/bash
# must fail req-1, req-2: a correct certificate from the internal CA is installed, but billing-api is not restarted and keeps serving the expired one it loaded at start
set -euo pipefail
. ./renew.sh
new_key_and_csr
server_ext
openssl x509 -req -sha256 -days 397 -in "$tmp/billing.csr" -CA /root/corp-ca/ca.crt -CAkey /root/corp-ca/ca.key \
  -set_serial "0x$(openssl rand -hex 8)" -extfile "$tmp/ext" -out "$tmp/billing.crt"
install -m 644 -o root -g root "$tmp/billing.crt" /etc/billing-api/tls/billing.crt
install -m 640 -o root -g billing "$tmp/billing.key" /etc/billing-api/tls/billing.key
openssl verify -CAfile /root/corp-ca/ca.crt /etc/billing-api/tls/billing.crt
openssl x509 -in /etc/billing-api/tls/billing.crt -noout -enddate
