#!/bin/bash
# must fail req-1, req-3: only the values that differ are edited (VAT, show_stock) and the drop-in removed; the line missing on node2 (bulk_discount_percent) stays missing, so bulk orders get no discount
# steps: node2
set -euo pipefail
. ./catalog-ini.sh
sed -i -e 's/^vat_percent = 16$/vat_percent = 19/' -e 's/^show_stock = no$/show_stock = yes/' /etc/catalog/catalog.ini
drop_test_override
systemctl daemon-reload
systemctl restart catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=A100' && break; sleep 0.2; done
