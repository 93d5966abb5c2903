#!/bin/bash
# Reference solution: a new P-256 key and a one-year certificate with the asked subject and
# SANs from the Northwind CA, written over the configured files (atomically, keeping owner and
# mode), then `systemctl reload portal` so the running process loads them.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/portal.key"
openssl req -new -key "$tmp/portal.key" -subj "/O=Northwind/OU=Platform/CN=portal.corp.internal" -out "$tmp/portal.csr"
cat > "$tmp/ext" <<'EXT'
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:portal.corp.internal, DNS:portal-api.corp.internal
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EXT
openssl x509 -req -sha256 -days 365 -in "$tmp/portal.csr" -CA /root/northwind-ca/ca.crt \
  -CAkey /root/northwind-ca/ca.key -set_serial "0x$(openssl rand -hex 12)" -extfile "$tmp/ext" \
  -out "$tmp/portal.crt"
openssl verify -CAfile /root/northwind-ca/ca.crt "$tmp/portal.crt"
install -m 640 -o root -g portal "$tmp/portal.key" /etc/portal/tls/portal.key.new
install -m 644 -o root -g root "$tmp/portal.crt" /etc/portal/tls/portal.crt.new
mv /etc/portal/tls/portal.key.new /etc/portal/tls/portal.key
mv /etc/portal/tls/portal.crt.new /etc/portal/tls/portal.crt
systemctl reload portal.service
for n in portal.corp.internal portal-api.corp.internal; do
  for i in $(seq 1 50); do
    echo | openssl s_client -connect 127.0.0.1:8443 -servername "$n" 2>/dev/null \
      | openssl x509 -noout -checkend 31104000 >/dev/null 2>&1 && break
    sleep 0.2
  done
  curl -sf --max-time 5 --cacert /root/northwind-ca/ca.crt "https://$n:8443/"
done
