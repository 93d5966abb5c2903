#!/bin/bash
# must fail req-2: the certificate is renewed from a CSR made with the existing private key, so the new certificate has no newly generated key
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl req -new -key /etc/portal/tls/portal.key -subj "/O=Northwind/OU=Platform/CN=portal.corp.internal" -out "$tmp/portal.csr"
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
install -m 644 -o root -g root "$tmp/portal.crt" /etc/portal/tls/portal.crt.new
mv /etc/portal/tls/portal.crt.new /etc/portal/tls/portal.crt
systemctl reload portal.service
sleep 1
curl -sS --max-time 5 --cacert /root/northwind-ca/ca.crt https://portal-api.corp.internal:8443/
