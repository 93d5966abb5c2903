#!/bin/bash
# must fail req-2: the certificate is renewed from a CSR made with the existing private key, so the new certificate has no newly generated key
set -euo pipefail
. ./cert.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
portal_cert /etc/portal/tls/portal.key  # the key portal has now
install -m 644 -o root -g root "$tmp/portal.crt" /etc/portal/tls/portal.crt.new
mv /etc/portal/tls/portal.crt.new /etc/portal/tls/portal.crt
systemctl reload portal.service
sleep 1
curl -sS --max-time 5 --cacert /root/northwind-ca/ca.crt https://portal-api.corp.internal:8443/
