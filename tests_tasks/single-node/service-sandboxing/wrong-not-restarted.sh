#!/bin/bash
# must fail req-2, req-3, req-4: the right drop-in and a daemon-reload, but no restart: the running uploader process keeps its old, unconfined mount namespace
set -euo pipefail
install -d /etc/systemd/system/uploader.service.d
cat > /etc/systemd/system/uploader.service.d/sandbox.conf <<'CONF'
[Service]
ProtectSystem=strict
ReadWritePaths=/var/lib/uploader
ProtectHome=yes
PrivateTmp=yes
NoNewPrivileges=yes
CONF
systemctl daemon-reload
systemctl show -p ProtectSystem -p ProtectHome -p PrivateTmp uploader.service
curl -sf http://127.0.0.1:8500/health
