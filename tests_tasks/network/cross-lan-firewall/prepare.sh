#!/bin/bash
# Starting condition: router forwards between the LANs (persistently) with no filter;
# host2 runs the portal on tcp/443 and its admin interface on tcp/8080.
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/static-site.sh
case "$NODE" in
  router)
    ip_forward_persistent ;;
  host2)
    static_site portal-https 443 /srv/portal/https "Staff portal (https)" 'staff portal'
    static_site portal-admin 8080 /srv/portal/admin "Staff portal (admin)" 'portal admin' ;;
esac
