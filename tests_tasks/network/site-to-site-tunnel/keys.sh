#!/bin/bash
# Oracle step 1 (router-a): a fresh key pair, and a one-shot exchange on wan that hands out
# router-a's PUBLIC key and takes router-b's; it stops once it has it. Private keys never move.
set -euo pipefail
umask 077
install -d -m 700 /etc/wireguard
[ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
wg pubkey < /etc/wireguard/private.key > /etc/wireguard/public.key
cat > /run/wg-exchange.py <<'PY'
import http.server, pathlib
pub = pathlib.Path("/etc/wireguard/public.key").read_bytes()
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(pub)
    def do_PUT(self):
        n = int(self.headers["Content-Length"])
        pathlib.Path("/etc/wireguard/peer.pub").write_bytes(self.rfile.read(n))
        self.send_response(204); self.end_headers()
        raise SystemExit
    def log_message(self, *a): pass
try:
    http.server.HTTPServer(("198.51.100.1", 8999), H).serve_forever()
except SystemExit:
    pass
PY
nohup timeout 900 python3 /run/wg-exchange.py </dev/null >/dev/null 2>&1 &
for i in $(seq 1 50); do
  curl -sf --max-time 1 http://198.51.100.1:8999/ >/dev/null && exit 0
  sleep 0.2
done
echo "the key exchange did not start" >&2
exit 1
