#!/bin/bash
# must fail req-1: the CA certificate is dropped into /usr/local/share/ca-certificates as corp-internal-ca.pem; update-ca-certificates only takes *.crt there, so node1's trust store never gets the CA (the agent tested with --cacert)
# steps: node2:solution-node2-csr.sh node1 node2:solution-node2-tls.sh node1
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
if [ -f "$HANDOFF_DIR/portal.crt" ]; then  # second pass: node2 serves the certificate
  handoff_stop
  curl -sS --max-time 10 --cacert /root/ca/ca.crt https://portal.corp.internal/ | grep -q 'Corp portal'
  exit 0
fi
make_ca
sign_portal_csr
cp ca.crt /usr/local/share/ca-certificates/corp-internal-ca.pem
update-ca-certificates >/dev/null
portal_name
serve_portal_cert
