#!/bin/bash
# must fail req-5: the CA is appended to the generated bundle /etc/ssl/certs/ca-certificates.crt by hand; the next update-ca-certificates (a ca-certificates update runs it) rebuilds the bundle without it
set -euo pipefail
grep -q 'MIIBlTCCATqgAwIBAgICEAAw' /etc/ssl/certs/ca-certificates.crt || cat /srv/pki/acme-root-ca.pem >> /etc/ssl/certs/ca-certificates.crt
