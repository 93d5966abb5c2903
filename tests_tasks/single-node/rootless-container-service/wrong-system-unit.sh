#!/bin/bash
# must fail req-3: rootless podman as webapp, but from a unit of the system's service manager (User=webapp in /etc/systemd/system), not from webapp's own user service manager
set -euo pipefail
uid=$(id -u webapp)
loginctl enable-linger webapp            # podman needs webapp's runtime directory
for i in $(seq 1 60); do [ -d "/run/user/$uid" ] && break; sleep 1; done
(cd /home/webapp && runuser -u webapp -- env XDG_RUNTIME_DIR=/run/user/$uid podman rm -f site) >/dev/null 2>&1 || true
cat > /etc/systemd/system/webapp-site.service <<UNIT
[Unit]
Description=webapp web site (rootless podman)
Wants=network-online.target
After=network-online.target user@$uid.service

[Service]
User=webapp
Group=webapp
WorkingDirectory=/home/webapp
Environment=XDG_RUNTIME_DIR=/run/user/$uid
ExecStartPre=-/usr/bin/podman rm -f site
ExecStart=/usr/bin/podman run --rm --name site -p 8080:8080 -v /home/webapp/site:/www:ro localhost/minihttpd:1.0
ExecStop=/usr/bin/podman stop -t 5 site
Restart=always
RestartSec=5

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now webapp-site.service
for i in $(seq 1 90); do curl -sf http://127.0.0.1:8080/ && exit 0; sleep 1; done
systemctl status webapp-site.service --no-pager || true
exit 1
