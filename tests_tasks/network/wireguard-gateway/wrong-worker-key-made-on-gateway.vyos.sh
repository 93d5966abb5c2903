# must fail req-5: both key pairs are generated on gateway and the worker's private key is copied over to upstream (and kept on gateway), against "a private key never leaves the machine it belongs to"
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# The gateway's part (client and upstream run wrong-worker-key-made-on-gateway.sh): both key
# pairs made here, wg0 configured and saved as in the reference solution, then the worker's
# private key handed out on wan (the agent's copy to upstream, played by a one-shot server).
set -euo pipefail
. tasklib/vyos.sh
[ "$NODE" = gateway ] || exit 0
umask 077
install -d -m 700 /etc/wireguard
[ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
wg pubkey < /etc/wireguard/private.key > /etc/wireguard/public.key
[ -s /etc/wireguard/worker.key ] || wg genkey > /etc/wireguard/worker.key
wg pubkey < /etc/wireguard/worker.key > /etc/wireguard/worker.pub
{
  cat <<CFG
set interfaces wireguard wg0 address 10.99.0.1/24
set interfaces wireguard wg0 port 51820
set interfaces wireguard wg0 private-key '$(cat /etc/wireguard/private.key)'
set interfaces wireguard wg0 peer worker public-key '$(cat /etc/wireguard/worker.pub)'
set interfaces wireguard wg0 peer worker allowed-ips 10.99.0.2/32
CFG
  vyos_rule "firewall ipv4 forward filter" 30 action accept in wg0 out eth2
  vyos_rule "firewall ipv4 forward filter" 40 action accept in eth2 out wg0
} | vyos_configure
cat > /run/wg-handout.py <<'PY'
import http.server, pathlib
body = (pathlib.Path("/etc/wireguard/worker.key").read_bytes().strip() + b"\n"
        + pathlib.Path("/etc/wireguard/public.key").read_bytes().strip() + b"\n")
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(body)
    def do_PUT(self):
        self.send_response(204); self.end_headers()
        raise SystemExit
    def log_message(self, *a): pass
try:
    http.server.HTTPServer(("198.51.100.2", 8999), H).serve_forever()
except SystemExit:
    pass
PY
nohup timeout 900 python3 /run/wg-handout.py </dev/null >/dev/null 2>&1 &
for i in $(seq 1 50); do
  curl -sf --max-time 1 http://198.51.100.2:8999/ >/dev/null && exit 0
  sleep 0.2
done
echo "the hand-out did not start" >&2
exit 1
