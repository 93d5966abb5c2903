#!/bin/bash
# Reference solution, step 3 (node2), rhel family, written, NOT validated: as solution-node2-tls.sh
# (fetch the signed certificate, serve HTTPS on 443), in /etc/nginx/conf.d with https opened in
# firewalld; node2's hand-off opening closed.
set -euo pipefail
. tasklib/http-handoff.sh
. ./el-portal.sh
handoff_stop
handoff_fetch "$OB_ADDR_NODE1_PRIV" portal.crt /etc/nginx/tls/portal.crt
openssl x509 -in /etc/nginx/tls/portal.crt -noout >/dev/null
portal_tls_site_el
