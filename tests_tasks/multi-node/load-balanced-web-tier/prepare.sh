#!/bin/bash
# Starting condition: node2 and node3 run the shop application on 8080; node1 has nothing.
set -euo pipefail
. tasklib/static-site.sh
case "$NODE" in
  node2|node3) ;;
  *) exit 0 ;;
esac
static_site shop 8080 /srv/shop "Shop application" "<html><body><h1>shop</h1><p>served by $NODE</p></body></html>"
