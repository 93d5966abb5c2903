#!/bin/bash
# Starting condition: router forwards between the LANs (persistently) with no filter;
# host2 serves the intranet site on tcp/80.
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/static-site.sh
case "$NODE" in
  router)
    ip_forward_persistent ;;
  host2)
    static_site intranet 80 /srv/intranet "Staff intranet site" 'staff intranet' ;;
esac
