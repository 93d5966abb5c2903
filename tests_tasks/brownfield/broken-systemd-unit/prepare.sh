#!/bin/bash
# Starting condition: the reportd unit fails to start, for two reasons one behind the other:
# its EnvironmentFile= names a file that does not exist (the settings are in reportd.env), and
# its data directory was restored from a backup as root:root 0750, so the service user can
# neither read the reports nor write its state file. The unit is also no longer enabled.
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id reportd >/dev/null 2>&1 || useradd --system --home-dir /var/lib/reportd --no-create-home \
  --shell "$nologin" reportd
install -d /opt/reportd /etc/reportd
cat > /opt/reportd/server.py <<'PY'
#!/usr/bin/python3
"""reportd: serves the reports kept in $REPORTD_DATA/reports.csv on $REPORTD_PORT."""
import ctypes
import http.server
import os
import sys
import time

ctypes.CDLL(None).prctl(15, b"reportd", 0, 0, 0)   # PR_SET_NAME: ps and ss show "reportd"

port = int(os.environ["REPORTD_PORT"])
data = os.environ["REPORTD_DATA"]
with open(os.path.join(data, "reports.csv")) as f:
    reports = f.read()
with open(os.path.join(data, "reportd.state"), "w") as f:   # the service's own state file
    f.write(f"started {time.strftime('%Y-%m-%dT%H:%M:%S')} pid {os.getpid()}\n")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = f"reportd: {len(reports.splitlines()) - 1} reports\n{reports}".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("reportd: " + fmt % args + "\n")


http.server.ThreadingHTTPServer(("0.0.0.0", port), Handler).serve_forever()
PY
chmod 755 /opt/reportd/server.py
printf 'REPORTD_PORT=8200\nREPORTD_DATA=/var/lib/reportd\n' > /etc/reportd/reportd.env
install -d -m 0750 -o root -g root /var/lib/reportd
cat > /var/lib/reportd/reports.csv <<'CSV'
id,quarter,title,owner
r-101,2024Q3,Q3 revenue by region,finance
r-102,2024Q3,Datacenter power usage,infra
r-103,2024Q4,Open incidents by team,ops
r-104,2024Q4,Backup restore drill results,ops
CSV
chmod 640 /var/lib/reportd/reports.csv
cat > /etc/systemd/system/reportd.service <<'UNIT'
[Unit]
Description=reportd - team reports over HTTP
After=network.target

[Service]
User=reportd
Group=reportd
EnvironmentFile=/etc/reportd/reportd.conf
ExecStart=/usr/bin/python3 /opt/reportd/server.py
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl disable reportd.service 2>/dev/null || true
systemctl start reportd.service 2>/dev/null || true        # fails: that is the starting condition
sleep 1
! curl -sf --max-time 3 http://127.0.0.1:8200/ >/dev/null
