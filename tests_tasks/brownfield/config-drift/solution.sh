#!/bin/bash
# Reference solution (node2 only, see [[oracle.steps]]): node1's settings file, the stale
# drop-in removed, the service restarted so it reads them.
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
rm -f /etc/systemd/system/catalog.service.d/override.conf
rmdir /etc/systemd/system/catalog.service.d 2>/dev/null || true
systemctl daemon-reload
systemctl restart catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=B220&qty=12' && exit 0; sleep 0.2; done
exit 1
