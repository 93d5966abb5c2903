#!/bin/bash
# Starting condition: client serves the web application on tcp/8080 and an admin console on
# tcp/9090 (both on all addresses); the gateway is unconfigured (ip_forward = 0).
set -euo pipefail
. tasklib/static-site.sh
[ "$NODE" = client ] || exit 0
static_site webapp 8080 /srv/webapp "Acme shop web application" \
  $'<h1>Acme shop</h1>\n<p>served by the webapp on client</p>'
static_site admin-console 9090 /srv/admin "Admin console" 'admin console: internal use only'
