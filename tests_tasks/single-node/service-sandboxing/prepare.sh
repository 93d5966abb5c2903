#!/bin/bash
# Starting condition: uploader runs as root with no sandboxing; its `name` parameter is joined
# to the data directory unchecked, so an absolute name writes anywhere.
set -euo pipefail
id dana >/dev/null 2>&1 || useradd -m -s /bin/bash dana
install -d /opt/uploader /var/lib/uploader /srv/shared
cat > /opt/uploader/uploader.py <<'PY'
#!/usr/bin/python3
"""uploader: PUT /files?name=<name> stores the body under /var/lib/uploader/<name>;
GET /files?name=<name> returns it; GET /health."""
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

DATA = "/var/lib/uploader"

class H(BaseHTTPRequestHandler):
    def _send(self, code, body):
        self.send_response(code); self.end_headers(); self.wfile.write(body.encode())
    def _target(self):
        q = parse_qs(urlparse(self.path).query)
        return os.path.join(DATA, q.get("name", [""])[0])   # the vulnerability: no checks
    def do_GET(self):
        if urlparse(self.path).path == "/health":
            return self._send(200, "ok\n")
        try:
            self._send(200, open(self._target()).read())
        except OSError as e:
            self._send(404, f"{e}\n")
    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        try:
            target = self._target()
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w") as f:
                f.write(body)
            self._send(201, f"stored {target}\n")
        except OSError as e:
            self._send(500, f"{e}\n")
    def log_message(self, *a):
        pass

ThreadingHTTPServer(("0.0.0.0", 8500), H).serve_forever()
PY
cat > /etc/systemd/system/uploader.service <<'UNIT'
[Unit]
Description=uploader
After=network.target
[Service]
ExecStart=/usr/bin/python3 /opt/uploader/uploader.py
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now uploader.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8500/health >/dev/null && exit 0; sleep 0.2; done
echo "uploader did not come up" >&2
exit 1
