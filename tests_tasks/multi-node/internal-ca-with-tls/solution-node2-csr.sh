#!/bin/bash
# Reference solution, step 1 (node2): the portal's key stays on node2; publish a CSR briefly.
set -euo pipefail
install -d -m 0700 /etc/nginx/tls
[ -f /etc/nginx/tls/portal.key ] || openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
  -out /etc/nginx/tls/portal.key
chmod 0600 /etc/nginx/tls/portal.key
d=/run/ob-xfer; install -d "$d"
openssl req -new -key /etc/nginx/tls/portal.key -subj "/CN=portal.corp.internal" \
  -addext "subjectAltName=DNS:portal.corp.internal" -out "$d/portal.csr"
setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE2_PRIV" --directory "$d" \
  >/dev/null 2>&1 < /dev/null &
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE2_PRIV:8799/portal.csr" >/dev/null && exit 0; sleep 0.2; done
echo "CSR server did not come up" >&2; exit 1
