#!/bin/bash
# Starting condition: node1 serves the inventory app on 127.0.0.1:8080 only; node2 has nothing.
set -euo pipefail
. tasklib/static-site.sh
[ "$NODE" = node1 ] || exit 0
static_site inventory 8080 /srv/inventory "Inventory application" \
  $'inventory v1\nrack-a: 12 servers\nrack-b: 9 servers' 127.0.0.1
