#!/bin/bash
# WireGuard keys made on each machine, and a one-shot exchange of their PUBLIC halves over a
# network the two machines share (what an operator does by copy and paste): no private key ever
# moves. One machine serves the exchange, the other swaps keys with it; the first then waits for
# the key it was given. Call wg_private first.
#
# wg_private: umask 077 for the rest of the script, and /etc/wireguard (mode 700) for the keys
wg_private() {
  umask 077
  install -d -m 700 /etc/wireguard
}

# wg_keypair: /etc/wireguard/private.key (made once, kept when there is one) and its public.key.
wg_keypair() {
  [ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
  wg pubkey < /etc/wireguard/private.key > /etc/wireguard/public.key
}

# wg_exchange_serve ADDR PEER_FILE: serves /etc/wireguard/public.key on http://ADDR:8999/ (GET)
# and writes the first key PUT there to PEER_FILE, then stops (after 900 s at the latest). Returns
# once the exchange answers; fails when it does not start within 10 s.
wg_exchange_serve() {
  local addr=$1 peer_file=$2 i
  cat > /run/wg-exchange.py <<PY
import http.server, pathlib
pub = pathlib.Path("/etc/wireguard/public.key").read_bytes()
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(pub)
    def do_PUT(self):
        n = int(self.headers["Content-Length"])
        pathlib.Path("$peer_file").write_bytes(self.rfile.read(n))
        self.send_response(204); self.end_headers()
        raise SystemExit
    def log_message(self, *a): pass
try:
    http.server.HTTPServer(("$addr", 8999), H).serve_forever()
except SystemExit:
    pass
PY
  nohup timeout 900 python3 /run/wg-exchange.py </dev/null >/dev/null 2>&1 &
  for i in $(seq 1 50); do
    curl -sf --max-time 1 "http://$addr:8999/" >/dev/null && return 0
    sleep 0.2
  done
  echo "the key exchange did not start" >&2
  return 1
}

# wg_exchange_swap ADDR: on the other machine: its private key (made once), the public key the
# exchange at ADDR serves into $WG_PEER_PUB (failing when it cannot be fetched), and its own
# public key PUT back.
wg_exchange_swap() {
  local addr=$1
  [ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
  WG_PEER_PUB=$(curl -sf --max-time 5 "http://$addr:8999/")
  wg pubkey < /etc/wireguard/private.key | curl -sf -X PUT --data-binary @- "http://$addr:8999/" || true
}

# wg_exchange_wait PEER_FILE WHO: back on the serving machine: waits up to 20 s for the key PUT
# into PEER_FILE (fails saying "WHO's public key never arrived"), then removes the exchange.
wg_exchange_wait() {
  local peer_file=$1 who=$2 i
  for i in $(seq 1 100); do [ -s "$peer_file" ] && break; sleep 0.2; done
  [ -s "$peer_file" ] || { echo "$who's public key never arrived" >&2; return 1; }
  rm -f /run/wg-exchange.py
}
