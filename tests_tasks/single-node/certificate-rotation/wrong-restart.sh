#!/bin/bash
# must fail req-3: the new certificate and key are right, but portal is restarted to load them instead of reloaded, dropping its long-lived sessions
set -euo pipefail
. ./cert.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/portal.key"
portal_cert "$tmp/portal.key"
install -m 640 -o root -g portal "$tmp/portal.key" /etc/portal/tls/portal.key
install -m 644 -o root -g root "$tmp/portal.crt" /etc/portal/tls/portal.crt
systemctl restart portal.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /root/northwind-ca/ca.crt https://portal.corp.internal:8443/ >/dev/null && break
  sleep 0.2
done
curl -sS --max-time 5 --cacert /root/northwind-ca/ca.crt https://portal-api.corp.internal:8443/
