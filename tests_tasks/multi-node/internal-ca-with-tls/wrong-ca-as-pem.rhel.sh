#!/bin/bash
# must fail req-1: the CA certificate is dropped into /usr/local/share/ca-certificates as corp-internal-ca.pem; update-ca-certificates only takes *.crt there, so node1's trust store never gets the CA (the agent tested with --cacert)
# steps: node2:solution-node2-csr.sh node1 node2:solution-node2-tls.sh node1
# rhel family, written, NOT validated: the same kind of mistake in EL's layout, where that directory
# and command do not exist: the CA certificate is dropped into /etc/pki/tls/certs (where EL keeps
# certificates) as corp-internal-ca.pem and update-ca-trust is run; update-ca-trust reads only
# /etc/pki/ca-trust/source, and OpenSSL finds nothing in that directory but by hashed names, so
# node1's trust store never gets the CA (the agent tested with --cacert)
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
cp ca.crt /etc/pki/tls/certs/corp-internal-ca.pem
update-ca-trust
portal_name
serve_portal_cert
