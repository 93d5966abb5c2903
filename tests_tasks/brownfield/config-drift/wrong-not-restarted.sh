#!/bin/bash
# must fail req-1: the settings file and the drop-in are fixed on disk and systemd reloaded, but the running service is never restarted, so node2 still answers with the old settings
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
rm -f /etc/systemd/system/catalog.service.d/override.conf
rmdir /etc/systemd/system/catalog.service.d 2>/dev/null || true
systemctl daemon-reload
systemctl is-active catalog.service
grep -E '^(currency|vat_percent|bulk_discount_percent|show_stock)' /etc/catalog/catalog.ini
