#!/bin/bash
# must fail req-5: the CA is appended to the generated bundle /etc/pki/tls/certs/ca-bundle.crt by hand; the next update-ca-trust (a ca-certificates update runs it) rebuilds the bundle without it
set -euo pipefail
grep -q 'MIIBlTCCATqgAwIBAgICEAAw' /etc/pki/tls/certs/ca-bundle.crt || cat /srv/pki/acme-root-ca.pem >> /etc/pki/tls/certs/ca-bundle.crt
