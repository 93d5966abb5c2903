#!/bin/bash
# Reference solution (Debian/Ubuntu): the CA as a .crt under /usr/local/share/ca-certificates,
# then update-ca-certificates adds it to /etc/ssl/certs and the bundle every OpenSSL-based
# client (curl, python, openssl) reads by default.
set -euo pipefail
install -m 644 /srv/pki/acme-root-ca.pem /usr/local/share/ca-certificates/acme-root-ca.crt
update-ca-certificates
curl -sS https://wiki.corp.internal:9443/
