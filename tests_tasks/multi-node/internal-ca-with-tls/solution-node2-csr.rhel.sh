#!/bin/bash
# Reference solution, step 1 (node2), rhel family, written, NOT validated: as solution-node2-csr.sh
# (the portal's key stays on node2; a CSR published briefly), the hand-off port let through
# firewalld (runtime only) for node1 to fetch the CSR.
set -euo pipefail
. tasklib/http-handoff.sh
install -d -m 0700 /etc/nginx/tls
[ -f /etc/nginx/tls/portal.key ] || openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
  -out /etc/nginx/tls/portal.key
chmod 0600 /etc/nginx/tls/portal.key
install -d "$HANDOFF_DIR"
openssl req -new -key /etc/nginx/tls/portal.key -subj "/CN=portal.corp.internal" \
  -addext "subjectAltName=DNS:portal.corp.internal" -out "$HANDOFF_DIR/portal.csr"
handoff_serve "$OB_ADDR_NODE2_PRIV" portal.csr
