#!/bin/bash
# node1_catalog_ini: node1's catalog settings, the reference every node behind the shop's load
# balancer must share, in /etc/catalog/catalog.ini (prepare.sh gives them to node1; the
# solution and the wrong solutions that copy them to node2 write the same file).
node1_catalog_ini() {
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
}

# drop_test_override: node2's forgotten systemd drop-in (CATALOG_CURRENCY=USD) removed.
drop_test_override() {
  rm -f /etc/systemd/system/catalog.service.d/override.conf
  rmdir /etc/systemd/system/catalog.service.d 2>/dev/null || true
}
