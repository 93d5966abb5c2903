#!/bin/bash
# The parts of this task's scripts that are the same in the reference and its mistakes; they
# work in the script's "$tmp" folder.

# portal_cert KEY: a CSR for KEY with the asked subject, signed by the Northwind CA for a year
# with both names as SANs, into "$tmp/portal.crt", verified against the CA
portal_cert() {
  openssl req -new -key "$1" -subj "/O=Northwind/OU=Platform/CN=portal.corp.internal" -out "$tmp/portal.csr"
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
}

# portal_install: "$tmp"'s key (root:portal 0640) and certificate (0644) over the configured
# files, each by a rename, so portal never reads half a file
portal_install() {
  install -m 640 -o root -g portal "$tmp/portal.key" /etc/portal/tls/portal.key.new
  install -m 644 -o root -g root "$tmp/portal.crt" /etc/portal/tls/portal.crt.new
  mv /etc/portal/tls/portal.key.new /etc/portal/tls/portal.key
  mv /etc/portal/tls/portal.crt.new /etc/portal/tls/portal.crt
}
