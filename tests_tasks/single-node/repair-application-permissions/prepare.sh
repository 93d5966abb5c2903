#!/bin/bash
# Starting condition: the notes app (runs as user notes) with every file root:root after a
# "restore": code 0700 (unreadable for notes), /etc/notes 0700, secret key 0644 (world-readable,
# which the app refuses), data and log root-owned (unwritable). The service is enabled and fails.
set -euo pipefail
id notes >/dev/null 2>&1 || useradd --system --home-dir /var/lib/notes --shell /usr/sbin/nologin notes
id intern >/dev/null 2>&1 || useradd -m -s /bin/bash intern
install -d /opt/notes /etc/notes /var/lib/notes /var/log/notes
cat > /opt/notes/app.py <<'PY'
#!/usr/bin/python3
"""notes: a tiny authenticated note store. GET /health; GET/PUT /notes/<name> with X-Token."""
import os, re, stat, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

conf = dict(l.strip().split("=", 1) for l in open("/etc/notes/notes.conf") if "=" in l)
key_path = conf["secret_file"]
if os.stat(key_path).st_mode & (stat.S_IROTH | stat.S_IWOTH):
    sys.exit(f"notes: {key_path}: permissions too open (readable by others), refusing to start")
TOKEN = open(key_path).read().strip()
DATA = conf["data_dir"]
LOG = open(os.path.join(conf["log_dir"], "notes.log"), "a", buffering=1)
probe = os.path.join(DATA, ".write-test")
open(probe, "w").close(); os.remove(probe)          # the data dir must be writable

class H(BaseHTTPRequestHandler):
    def _send(self, code, body):
        self.send_response(code); self.end_headers(); self.wfile.write(body.encode())
    def _path(self):
        m = re.fullmatch(r"/notes/([a-z0-9-]+)", self.path)
        return os.path.join(DATA, m.group(1) + ".txt") if m else None
    def do_GET(self):
        if self.path == "/health":
            return self._send(200, "ok\n")
        if self.headers.get("X-Token") != TOKEN:
            return self._send(403, "forbidden\n")
        p = self._path()
        if not p or not os.path.exists(p):
            return self._send(404, "no such note\n")
        self._send(200, open(p).read())
    def do_PUT(self):
        if self.headers.get("X-Token") != TOKEN:
            return self._send(403, "forbidden\n")
        p = self._path()
        if not p:
            return self._send(400, "bad name\n")
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        with open(p, "w") as f:
            f.write(body)
        LOG.write(f"{time.strftime('%F %T')} stored {os.path.basename(p)}\n")
        self._send(201, "stored\n")
    def log_message(self, *a):
        pass

LOG.write(f"{time.strftime('%F %T')} notes starting\n")
ThreadingHTTPServer(("0.0.0.0", int(conf["port"])), H).serve_forever()
PY
cat > /etc/notes/notes.conf <<'CONF'
port=8400
data_dir=/var/lib/notes
log_dir=/var/log/notes
secret_file=/etc/notes/secret.key
CONF
[ -s /etc/notes/secret.key ] || echo "nk-7f3a91c2e4b85d60a1f9c3e7" > /etc/notes/secret.key
printf 'Welcome to notes.\nThe ops rota is in the wiki.\n' > /var/lib/notes/welcome.txt
printf 'Renew the TLS certificate before March.\n' > /var/lib/notes/todo.txt
echo "$(date '+%F %T') notes starting" > /var/log/notes/notes.log
cat > /etc/systemd/system/notes.service <<'UNIT'
[Unit]
Description=notes application
After=network.target
[Service]
User=notes
Group=notes
ExecStart=/usr/bin/python3 /opt/notes/app.py
Restart=on-failure
RestartSec=2
[Install]
WantedBy=multi-user.target
UNIT
# the "restore": everything root-owned, modes scrambled
chown -R root:root /opt/notes /etc/notes /var/lib/notes /var/log/notes
chmod 0700 /opt/notes/app.py /etc/notes
chmod 0644 /etc/notes/notes.conf /etc/notes/secret.key /var/lib/notes/*.txt /var/log/notes/notes.log
chmod 0755 /opt/notes /var/lib/notes /var/log/notes
systemctl daemon-reload
systemctl enable notes.service
systemctl restart notes.service || true
sleep 3
! curl -sf --max-time 3 http://127.0.0.1:8400/health
