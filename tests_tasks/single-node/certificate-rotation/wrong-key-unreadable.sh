#!/bin/bash
# must fail req-1, req-2, req-4: the new key replaces the old one as root:root 0600, so portal (user portal) cannot read it: the reload keeps the old certificate and a restart would not come up
set -euo pipefail
umask 077
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
chmod 644 "$tmp/portal.crt"
mv "$tmp/portal.key" /etc/portal/tls/portal.key
mv "$tmp/portal.crt" /etc/portal/tls/portal.crt
systemctl reload portal.service
