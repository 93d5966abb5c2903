#!/bin/bash
# must fail req-1: the names go into the CSR with -addext, but `openssl x509 -req` does not copy a CSR's extensions, so the certificate carries no subjectAltName and clients reject both names
set -euo pipefail
. ./cert.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/portal.key"
openssl req -new -key "$tmp/portal.key" -subj "/O=Northwind/OU=Platform/CN=portal.corp.internal" \
  -addext "subjectAltName=DNS:portal.corp.internal,DNS:portal-api.corp.internal" -out "$tmp/portal.csr"
openssl x509 -req -sha256 -days 365 -in "$tmp/portal.csr" -CA /root/northwind-ca/ca.crt \
  -CAkey /root/northwind-ca/ca.key -set_serial "0x$(openssl rand -hex 12)" -out "$tmp/portal.crt"
openssl verify -CAfile /root/northwind-ca/ca.crt "$tmp/portal.crt"
portal_install
systemctl reload portal.service
