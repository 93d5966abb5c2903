#!/bin/bash
# must fail req-1, req-3: node1's catalog.ini copied and the service restarted, but the forgotten systemd drop-in still forces CATALOG_CURRENCY=USD over the file
# steps: node2
set -euo pipefail
cat > /etc/catalog/catalog.ini <<'INI'
# catalog settings - keep identical on every node behind the shop's load balancer
[service]
port = 8080
items = /srv/catalog/items.csv

[pricing]
currency = EUR
vat_percent = 19
bulk_discount_from = 10
bulk_discount_percent = 5

[features]
show_stock = yes
INI
systemctl restart catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=B220&qty=12' && break; sleep 0.2; done
