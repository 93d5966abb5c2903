#!/bin/bash
# Starting condition: the inventory API (python, inventory-api.service on 127.0.0.1:8081) accepts
# requests and never answers: each request waits to open its export pipe, which nothing writes.
# The sync job, run every minute by /etc/cron.d/inventory-sync as invsync, calls it with curl and
# no timeout, so every run hangs and a new one joins them each minute. Three runs of the last
# minutes are started here so the pile is already there; cron adds one a minute from now on.
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id invsync >/dev/null 2>&1 || useradd --system --home-dir /var/lib/invsync --no-create-home --shell "$nologin" invsync
install -d -o invsync -g invsync -m 0755 /var/lib/invsync /var/log/invsync
install -d /opt/inventory-api /srv/inventory
[ -p /srv/inventory/export.pipe ] || mkfifo -m 0644 /srv/inventory/export.pipe
cat > /opt/inventory-api/server.py <<'PY'
#!/usr/bin/python3
"""inventory-api: serves the inventory database's latest export (JSON) on 127.0.0.1:8081.
The database's exporter writes each export into /srv/inventory/export.pipe."""
import http.server
import sys

EXPORT = "/srv/inventory/export.pipe"


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(EXPORT, "rb") as f:  # waits for the exporter's next export
            body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("inventory-api: " + fmt % args + "\n")


http.server.ThreadingHTTPServer(("127.0.0.1", 8081), Handler).serve_forever()
PY
chmod 755 /opt/inventory-api/server.py
cat > /etc/systemd/system/inventory-api.service <<'UNIT'
[Unit]
Description=inventory API (owned by the inventory team)
After=network.target

[Service]
DynamicUser=yes
ExecStart=/usr/bin/python3 /opt/inventory-api/server.py
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now inventory-api.service
for i in $(seq 1 50); do ss -Hltn 'sport = :8081' | grep -q . && break; sleep 0.2; done

cat > /usr/local/bin/inventory-sync <<'SH'
#!/bin/bash
# Fetches the current inventory from the inventory API and keeps it for the reports.
set -euo pipefail
out=/var/lib/invsync/inventory.json
curl -fsS http://127.0.0.1:8081/inventory -o "$out.tmp"
mv "$out.tmp" "$out"
echo "$(date -Is) inventory synced ($(wc -c < "$out") bytes)" >> /var/log/invsync/sync.log
SH
chmod 755 /usr/local/bin/inventory-sync
cat > /etc/cron.d/inventory-sync <<'CRON'
# inventory for the reports (OPS-2210)
* * * * * invsync /usr/local/bin/inventory-sync
CRON
chmod 644 /etc/cron.d/inventory-sync
systemctl is-active --quiet cron.service || systemctl enable --now cron.service

# the runs of the last minutes, all stuck
for i in 1 2 3; do
  setsid -f setpriv --reuid=invsync --regid=invsync --init-groups /usr/local/bin/inventory-sync \
    </dev/null >/dev/null 2>&1
done
sleep 2
ps -u invsync -o pid,etimes,args
[ "$(pgrep -c -u invsync -x inventory-sync)" -ge 3 ]
