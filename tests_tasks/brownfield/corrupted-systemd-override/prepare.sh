#!/bin/bash
# Starting condition: ledgerd's packaged unit (/usr/lib/systemd/system) is fine, but the local
# drop-in written for OPS-2210 has three faults: a second ExecStart= without the empty
# `ExecStart=` that resets the packaged one (systemd refuses to load a Type=simple service with
# two: "bad unit file setting", the one that stops it), a misspelt `Enviroment=` (ignored with a
# warning, so the 8 workers are lost) and a comment at the end of the LimitNOFILE= line (not a
# comment in unit files: the value does not parse and is ignored, so the limit stays 1024).
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id ledgerd >/dev/null 2>&1 || useradd --system --home-dir /var/lib/ledgerd --no-create-home \
  --shell "$nologin" ledgerd
install -d /opt/ledgerd
install -d -o ledgerd -g ledgerd -m 0750 /var/lib/ledgerd
cat > /opt/ledgerd/ledgerd.py <<'PY'
#!/usr/bin/python3
"""ledgerd: the ledger API (HTTP). Serves the ledger in /var/lib/ledgerd/ledger.csv.
Options: --port N, --retention-days N (default 30). Environment: LEDGERD_WORKERS (default 2),
LEDGERD_RELEASE (set by the packaged unit). GET /status says what it runs with."""
import argparse
import ctypes
import http.server
import json
import os
import pwd
import resource
import sys

ctypes.CDLL(None).prctl(15, b"ledgerd", 0, 0, 0)   # PR_SET_NAME: ps and ss show "ledgerd"
parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, default=8300)
parser.add_argument("--retention-days", type=int, default=30)
args = parser.parse_args()
STATUS = {"service": "ledgerd", "release": os.environ.get("LEDGERD_RELEASE", "unknown"),
          "retention_days": args.retention_days, "workers": int(os.environ.get("LEDGERD_WORKERS", "2")),
          "open_files_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
          "user": pwd.getpwuid(os.getuid()).pw_name}
with open("/var/lib/ledgerd/ledger.csv") as f:
    ENTRIES = f.read().splitlines()[1:]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/status":
            body = (json.dumps(STATUS, sort_keys=True) + "\n").encode()
            ctype = "application/json"
        else:
            body = (f"ledgerd {STATUS['release']}: {len(ENTRIES)} entries, kept "
                    f"{STATUS['retention_days']} days\n").encode()
            ctype = "text/plain"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("ledgerd: " + fmt % args + "\n")


http.server.ThreadingHTTPServer(("0.0.0.0", args.port), Handler).serve_forever()
PY
chmod 755 /opt/ledgerd/ledgerd.py
cat > /var/lib/ledgerd/ledger.csv <<'CSV'
id,date,account,amount
l-9001,2024-11-02,4400-services,1250.00
l-9002,2024-11-03,6100-travel,-312.40
l-9003,2024-11-05,4400-services,980.00
CSV
chown ledgerd:ledgerd /var/lib/ledgerd/ledger.csv
install -d /usr/lib/systemd/system
cat > /usr/lib/systemd/system/ledgerd.service <<'UNIT'
# Installed by the ledgerd package (2.4.1); a package upgrade replaces this file.
# Local changes belong in a drop-in: systemctl edit ledgerd.service
[Unit]
Description=ledgerd - ledger API (HTTP on 8300)
After=network.target

[Service]
Type=simple
User=ledgerd
Group=ledgerd
Environment=LEDGERD_RELEASE=2.4.1
ExecStart=/usr/bin/python3 /opt/ledgerd/ledgerd.py --port 8300
Restart=on-failure
RestartSec=2

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable ledgerd.service
install -d /etc/systemd/system/ledgerd.service.d
cat > /etc/systemd/system/ledgerd.service.d/override.conf <<'CONF'
# OPS-2210: keep ledger entries 90 days instead of 30, run 8 workers, and raise the
# open-files limit (the default 1024 runs out at month end)
[Service]
ExecStart=/usr/bin/python3 /opt/ledgerd/ledgerd.py --port 8300 --retention-days 90
Enviroment=LEDGERD_WORKERS=8
LimitNOFILE=65536   # OPS-2210
CONF
systemctl daemon-reload
systemctl restart ledgerd.service 2>/dev/null || true     # refused: that is the starting condition
sleep 1
! curl -sf --max-time 3 http://127.0.0.1:8300/status >/dev/null
