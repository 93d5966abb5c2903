#!/bin/bash
# must fail req-1, req-3: node1's catalog.ini copied and the service restarted, but the forgotten systemd drop-in still forces CATALOG_CURRENCY=USD over the file
# steps: node2
set -euo pipefail
. ./catalog-ini.sh
node1_catalog_ini
systemctl restart catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=B220&qty=12' && break; sleep 0.2; done
