#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# new_key_and_csr: a temporary folder $tmp (removed when the script exits) with a new P-256 key
# billing.key and its CSR billing.csr for billing.corp.internal (no extensions: the CA adds them).
new_key_and_csr() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/billing.key"
  openssl req -new -key "$tmp/billing.key" -subj "/O=Example Corp/CN=billing.corp.internal" -out "$tmp/billing.csr"
}

# server_ext: $tmp/ext, the extensions of billing-api's certificate (a TLS server named
# billing.corp.internal in its subjectAltName), for `openssl x509 -req -extfile`.
server_ext() {
  cat > "$tmp/ext" <<'EXT'
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:billing.corp.internal
EXT
}
