#!/bin/bash
# Starting condition: client serves the web application on tcp/8080 and an admin console on
# tcp/9090 (both on all addresses); the gateway is unconfigured (ip_forward = 0).
set -euo pipefail
[ "$NODE" = client ] || exit 0
install -d /srv/webapp /srv/admin
printf '<h1>Acme shop</h1>\n<p>served by the webapp on client</p>\n' > /srv/webapp/index.html
printf 'admin console: internal use only\n' > /srv/admin/index.html
unit() {  # name port dir description
  cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=$4
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $2 --directory $3
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
}
unit webapp 8080 /srv/webapp "Acme shop web application"
unit admin-console 9090 /srv/admin "Admin console"
systemctl daemon-reload
systemctl enable --now webapp.service admin-console.service
for i in $(seq 1 100); do
  curl -sf http://127.0.0.1:8080/ >/dev/null && curl -sf http://127.0.0.1:9090/ >/dev/null && exit 0
  sleep 0.2
done
echo "webapp or admin-console did not come up" >&2
exit 1
