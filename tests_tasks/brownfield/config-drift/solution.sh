#!/bin/bash
# Reference solution (node2 only, see [[oracle.steps]]): node1's settings file, the stale
# drop-in removed, the service restarted so it reads them.
set -euo pipefail
. ./catalog-ini.sh
node1_catalog_ini
drop_test_override
systemctl daemon-reload
systemctl restart catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=B220&qty=12' && exit 0; sleep 0.2; done
exit 1
