#!/bin/bash
# Starting condition: frontend forwards and publishes 10.20.0.1:80 → backend1:8080 with a
# DNAT rule (persistent, nftables.service); backend1 runs the inventory app, which logs each
# client's address. No hairpin: from the back network the published address hangs.
set -euo pipefail
. tasklib/ip-forward.sh
case "$NODE" in
  frontend)
    ip_forward_persistent
    cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table ip publish {
	chain prerouting {
		type nat hook prerouting priority dstnat; policy accept;
		ip daddr 10.20.0.1 tcp dport 80 dnat to 10.20.1.11:8080
	}
}
NFT
    systemctl enable nftables.service
    systemctl restart nftables.service ;;
  backend1)
    install -d /var/log/inventory
    cat > /usr/local/bin/inventory-app <<'APP'
#!/usr/bin/python3
"""The inventory application: answers every GET and logs the client's address."""
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        with open("/var/log/inventory/clients.log", "a") as log:
            log.write(self.client_address[0] + " " + self.path + "\n")
        body = b"inventory application on backend1\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("0.0.0.0", 8080), Handler).serve_forever()
APP
    chmod 755 /usr/local/bin/inventory-app
    cat > /etc/systemd/system/inventory.service <<'UNIT'
[Unit]
Description=Inventory application
After=network.target
[Service]
ExecStart=/usr/local/bin/inventory-app
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
    systemctl daemon-reload
    systemctl enable --now inventory.service
    for i in $(seq 1 100); do
      curl -sf http://127.0.0.1:8080/ready >/dev/null && exit 0
      sleep 0.2
    done
    echo "the inventory app did not come up" >&2
    exit 1 ;;
esac
