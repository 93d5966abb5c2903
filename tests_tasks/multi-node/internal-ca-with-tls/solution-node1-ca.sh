#!/bin/bash
# Reference solution, step 2 (node1): the CA in /root/ca, sign node2's CSR, trust the CA,
# resolve the portal's name; publish the signed certificate briefly.
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
make_ca
sign_portal_csr
cp ca.crt /usr/local/share/ca-certificates/corp-internal-ca.crt
update-ca-certificates >/dev/null
portal_name
serve_portal_cert
