#!/bin/bash
# Starting condition: the status board (python3 http.server answering JSON with the Host and
# X-Forwarded-For it was sent) runs as the system account board from status-board.service, on
# 127.0.0.1:3000 only (its address and port in /etc/default/status-board); no proxy installed.
set -euo pipefail
id board >/dev/null 2>&1 || useradd --system --user-group --no-create-home --home-dir /nonexistent \
  --shell /usr/sbin/nologin board
cat > /usr/local/bin/board-app <<'PY'
#!/usr/bin/python3
"""The team's status board: answers every GET with a JSON document naming itself and what the
request told it: the host name asked for, the X-Forwarded-For chain, the peer's address."""
import http.server
import json
import os


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({
            "app": "status-board",
            "host": self.headers.get("Host", ""),
            "x_forwarded_for": ", ".join(self.headers.get_all("X-Forwarded-For") or []),
            "peer": self.client_address[0],
        }).encode() + b"\n"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


address = (os.environ.get("BOARD_BIND", "127.0.0.1"), int(os.environ.get("BOARD_PORT", "3000")))
http.server.ThreadingHTTPServer(address, Handler).serve_forever()
PY
chmod 755 /usr/local/bin/board-app
cat > /etc/default/status-board <<'ENV'
# where the status board listens
BOARD_BIND=127.0.0.1
BOARD_PORT=3000
ENV
cat > /etc/systemd/system/status-board.service <<'UNIT'
[Unit]
Description=Team status board
After=network.target
[Service]
User=board
Group=board
EnvironmentFile=/etc/default/status-board
ExecStart=/usr/local/bin/board-app
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable status-board.service
systemctl restart status-board.service
for i in $(seq 50); do curl -sf http://127.0.0.1:3000/ >/dev/null && exit 0; sleep 0.2; done
echo "the status board did not come up on 127.0.0.1:3000" >&2
exit 1
