#!/bin/bash
# Starting condition: quotes.service runs /usr/local/bin/quotes-server as root on port 80;
# program, quotes and counter are root-owned.
set -euo pipefail
cat > /usr/local/bin/quotes-server <<'PY'
#!/usr/bin/python3
"""Serve a quote per request on port 80 and count the hits in /var/lib/quotes/hits."""
import http.server
import os
import random

QUOTES = "/srv/quotes/quotes.txt"
HITS = os.path.join(os.environ.get("STATE_DIRECTORY", "/var/lib/quotes").split(":")[0], "hits")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        try:
            with open(HITS) as f:
                n = int(f.read().strip() or 0) + 1
        except FileNotFoundError:
            n = 1
        tmp = HITS + ".tmp"
        with open(tmp, "w") as f:
            f.write(f"{n}\n")
        os.replace(tmp, HITS)
        with open(QUOTES) as f:
            quote = random.choice([q for q in f.read().splitlines() if q.strip()])
        body = f"{quote}\nhits: {n}\n".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("", int(os.environ.get("PORT", "80"))), Handler).serve_forever()
PY
chmod 755 /usr/local/bin/quotes-server
install -d -m 755 /srv/quotes /var/lib/quotes
printf '%s\n' "Simplicity is prerequisite for reliability." \
  "Premature optimization is the root of all evil." \
  "There is no cloud, just other people's computers." > /srv/quotes/quotes.txt
chmod 644 /srv/quotes/quotes.txt
echo 41 > /var/lib/quotes/hits
cat > /etc/systemd/system/quotes.service <<'UNIT'
[Unit]
Description=Quotes web service
After=network.target
[Service]
ExecStart=/usr/local/bin/quotes-server
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable quotes.service
systemctl restart quotes.service
for i in $(seq 50); do curl -sf http://127.0.0.1/ >/dev/null && exit 0; sleep 0.2; done
echo "quotes did not come up" >&2
exit 1
