#!/bin/bash
# must fail req-5: both key pairs are generated on gateway and the worker's private key is copied over to upstream (and kept on gateway), against "a private key never leaves the machine it belongs to"
set -euo pipefail
. ./tunnel.sh
wg_private
case "$NODE" in
  gateway)
    wg_keypair
    [ -s /etc/wireguard/worker.key ] || wg genkey > /etc/wireguard/worker.key
    wg pubkey < /etc/wireguard/worker.key > /etc/wireguard/worker.pub
    gateway_wg0
    grep -q 'iifname "wg0"' /etc/nftables.conf || \
      sed -i 's/^\t\tiifname "eth2" oifname "eth1" accept$/&\n\t\tiifname "wg0" oifname "eth2" accept\n\t\tiifname "eth2" oifname "wg0" accept/' /etc/nftables.conf
    nft -c -f /etc/nftables.conf
    systemctl restart nftables.service
    systemctl enable --now wg-quick@wg0.service
    # the agent's copy of the worker's key pair to upstream, played by a one-shot hand-out on
    # wan: GET gives the worker's private key and the gateway's public key; PUT ends it
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
    exit 1 ;;
  upstream)
    command -v wg >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wireguard-tools >/dev/null
    pair=$(curl -sf --max-time 5 http://198.51.100.2:8999/)
    curl -sf -X PUT --data-binary done http://198.51.100.2:8999/ >/dev/null || true
    printf '%s\n' "$pair" | sed -n 1p > /etc/wireguard/private.key
    gw_pub=$(printf '%s\n' "$pair" | sed -n 2p)
    worker_wg0 "$gw_pub"
    systemctl enable --now wg-quick@wg0.service ;;
  *) exit 0 ;;
esac
