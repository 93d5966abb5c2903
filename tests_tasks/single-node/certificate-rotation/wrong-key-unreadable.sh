#!/bin/bash
# must fail req-1, req-2, req-4: the new key replaces the old one as root:root 0600, so portal (user portal) cannot read it: the reload keeps the old certificate and a restart would not come up
set -euo pipefail
. ./cert.sh
umask 077
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$tmp/portal.key"
portal_cert "$tmp/portal.key"
chmod 644 "$tmp/portal.crt"
mv "$tmp/portal.key" /etc/portal/tls/portal.key
mv "$tmp/portal.crt" /etc/portal/tls/portal.crt
systemctl reload portal.service
