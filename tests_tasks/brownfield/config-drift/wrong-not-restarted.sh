#!/bin/bash
# must fail req-1: the settings file and the drop-in are fixed on disk and systemd reloaded, but the running service is never restarted, so node2 still answers with the old settings
# steps: node2
set -euo pipefail
. ./catalog-ini.sh
node1_catalog_ini
drop_test_override
systemctl daemon-reload
systemctl is-active catalog.service
grep -E '^(currency|vat_percent|bulk_discount_percent|show_stock)' /etc/catalog/catalog.ini
