#!/bin/bash
# must fail req-1, req-2, req-3: the CA is copied under /usr/local/share/ca-certificates with its .pem name, which update-ca-certificates ignores (it only takes *.crt), so nothing trusts it
set -euo pipefail
install -m 644 /srv/pki/acme-root-ca.pem /usr/local/share/ca-certificates/acme-root-ca.pem
update-ca-certificates
