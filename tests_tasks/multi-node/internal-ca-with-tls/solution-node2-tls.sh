#!/bin/bash
# Reference solution, step 3 (node2): fetch the signed certificate, serve HTTPS on 443.
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
handoff_stop
handoff_fetch "$OB_ADDR_NODE1_PRIV" portal.crt /etc/nginx/tls/portal.crt
openssl x509 -in /etc/nginx/tls/portal.crt -noout >/dev/null
portal_tls_site
