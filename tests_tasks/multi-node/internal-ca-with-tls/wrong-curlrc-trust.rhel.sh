#!/bin/bash
# must fail req-1: the CA is trusted only through root's ~/.curlrc (cacert = /root/ca/ca.crt), not in node1's system trust store: curl as root works, any other client or user rejects the portal
# steps: node2:solution-node2-csr.sh node1 node2:solution-node2-tls.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-curlrc-trust.sh; the hand-off port is
# let through firewalld while it runs, as in the reference
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
if [ -f "$HANDOFF_DIR/portal.crt" ]; then  # second pass: node2 serves the certificate
  handoff_stop
  curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
  exit 0
fi
make_ca
sign_portal_csr
echo 'cacert = "/root/ca/ca.crt"' >> /root/.curlrc
portal_name
serve_portal_cert
