#!/bin/bash
# Starting condition: two enabled HTTP services (app on 8080, debug console on 9090), both
# listening on every address, and no host firewall at all.
set -euo pipefail
install -d /srv/www /srv/debug
echo "inventory app" > /srv/www/index.html
echo "debug console" > /srv/debug/index.html
unit() {  # name port directory
  cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=$1 on port $2
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $2 --directory $3
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
}
unit webapp 8080 /srv/www
unit debug-console 9090 /srv/debug
systemctl daemon-reload
systemctl enable --now webapp.service debug-console.service
# no host firewall on any family: firewalld (RHEL) and the nftables service stopped and disabled
systemctl disable --now firewalld.service 2>/dev/null || true
systemctl disable --now nftables.service 2>/dev/null || true
if command -v nft >/dev/null; then nft flush ruleset; fi
for i in $(seq 1 50); do
  curl -sf http://127.0.0.1:8080/ >/dev/null && curl -sf http://127.0.0.1:9090/ >/dev/null && exit 0
  sleep 0.2
done
echo "the services did not come up" >&2
exit 1
