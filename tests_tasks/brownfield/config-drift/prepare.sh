#!/bin/bash
# Starting condition: the same catalog service (python3, settings in /etc/catalog/catalog.ini,
# CATALOG_* environment variables override them) on both nodes; on node2 the settings drifted:
# an old VAT rate, the bulk discount line missing, the stock feature off, and a forgotten
# systemd drop-in from a test that forces the currency to USD.
set -euo pipefail
. ./catalog-ini.sh
install -d /opt/catalog /etc/catalog /srv/catalog
cat > /opt/catalog/server.py <<'PY'
#!/usr/bin/python3
"""catalog: price quotes for the shop's items. Settings: /etc/catalog/catalog.ini, read at start;
CATALOG_* environment variables override them (CATALOG_CURRENCY, CATALOG_VAT_PERCENT, …)."""
import configparser
import csv
import http.server
import json
import os
import sys
from decimal import ROUND_HALF_UP, Decimal
from urllib.parse import parse_qs, urlparse

CONF = os.environ.get("CATALOG_CONFIG", "/etc/catalog/catalog.ini")
cfg = configparser.ConfigParser()
if not cfg.read(CONF):
    sys.exit(f"catalog: cannot read {CONF}")


def setting(section, key, default):
    return os.environ.get(f"CATALOG_{key.upper()}", cfg.get(section, key, fallback=default))


PORT = int(setting("service", "port", "8080"))
CURRENCY = setting("pricing", "currency", "EUR")
VAT = Decimal(setting("pricing", "vat_percent", "0"))
BULK_QTY = int(setting("pricing", "bulk_discount_from", "0"))
BULK_PCT = Decimal(setting("pricing", "bulk_discount_percent", "0"))
SHOW_STOCK = cfg.getboolean("features", "show_stock", fallback=False)
with open(setting("service", "items", "/srv/catalog/items.csv")) as f:
    ITEMS = {row["sku"]: row for row in csv.DictReader(f)}
CENT = Decimal("0.01")


def quote(sku, qty):
    item = ITEMS[sku]
    net = Decimal(item["price"]) * qty
    discount = (net * BULK_PCT / 100).quantize(CENT, ROUND_HALF_UP) if BULK_QTY and qty >= BULK_QTY else Decimal(0)
    net -= discount
    vat = (net * VAT / 100).quantize(CENT, ROUND_HALF_UP)
    doc = {"sku": sku, "name": item["name"], "qty": qty, "currency": CURRENCY,
           "discount": str(discount.quantize(CENT)), "net": str(net.quantize(CENT)), "vat": str(vat),
           "total": str((net + vat).quantize(CENT))}
    if SHOW_STOCK:
        doc["in_stock"] = int(item["stock"])
    return doc


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlparse(self.path)
        q = parse_qs(url.query)
        try:
            if url.path == "/quote":
                doc, code = quote(q["sku"][0], int(q.get("qty", ["1"])[0])), 200
            elif url.path == "/items":
                doc, code = sorted(ITEMS), 200
            else:
                doc, code = {"error": "not found"}, 404
        except (KeyError, ValueError):
            doc, code = {"error": "bad request"}, 400
        body = (json.dumps(doc, sort_keys=True) + "\n").encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("catalog: " + fmt % args + "\n")


http.server.ThreadingHTTPServer(("0.0.0.0", PORT), Handler).serve_forever()
PY
chmod 755 /opt/catalog/server.py
cat > /srv/catalog/items.csv <<'CSV'
sku,name,price,stock
A100,Rack rail kit,39.90,140
B220,1U blanking panel,4.50,2300
C310,PDU 16A 12-port,219.00,18
D405,Cat6a patch cable 2m,3.15,5100
CSV
cat > /etc/systemd/system/catalog.service <<'UNIT'
[Unit]
Description=catalog - price quotes (HTTP on 8080)
After=network.target

[Service]
DynamicUser=yes
ExecStart=/usr/bin/python3 /opt/catalog/server.py
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
if [ "$NODE" = node2 ]; then
  cat > /etc/catalog/catalog.ini <<'INI'
# catalog settings - keep identical on every node behind the shop's load balancer
[service]
port = 8080
items = /srv/catalog/items.csv

[pricing]
currency = EUR
vat_percent = 16
bulk_discount_from = 10

[features]
show_stock = no
INI
  install -d /etc/systemd/system/catalog.service.d
  cat > /etc/systemd/system/catalog.service.d/override.conf <<'CONF'
# load test 2024-11, USD storefront
[Service]
Environment=CATALOG_CURRENCY=USD
CONF
else
  node1_catalog_ini
fi
systemctl daemon-reload
systemctl enable --now catalog.service
for i in $(seq 1 50); do curl -sf --max-time 3 'http://127.0.0.1:8080/quote?sku=A100' >/dev/null && exit 0; sleep 0.2; done
echo "catalog did not come up" >&2
exit 1
