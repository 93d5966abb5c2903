#!/bin/bash
# Reference solution: a new P-256 key and a one-year certificate with the asked subject and
# SANs from the Northwind CA, written over the configured files (atomically, keeping owner and
# mode), then `systemctl reload portal` so the running process loads them.
set -euo pipefail
. ./cert.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/portal.key"
portal_cert "$tmp/portal.key"
portal_install
systemctl reload portal.service
for n in portal.corp.internal portal-api.corp.internal; do
  for i in $(seq 1 50); do
    echo | openssl s_client -connect 127.0.0.1:8443 -servername "$n" 2>/dev/null \
      | openssl x509 -noout -checkend 31104000 >/dev/null 2>&1 && break
    sleep 0.2
  done
  curl -sf --max-time 5 --cacert /root/northwind-ca/ca.crt "https://$n:8443/"
done
