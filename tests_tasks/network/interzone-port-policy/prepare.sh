#!/bin/bash
# Starting condition: firewall forwards between the three zones (persistently) with no
# filter; server runs the shop (tcp/443) and its database stand-in (tcp/5432).
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/static-site.sh
case "$NODE" in
  firewall)
    ip_forward_persistent ;;
  server)
    static_site shop-https 443 /srv/shop/https "Web shop (https)" 'web shop'
    static_site shop-db 5432 /srv/shop/db "Web shop (db)" 'database' ;;
esac
