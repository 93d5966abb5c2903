#!/bin/bash
# Reference solution: a drop-in with a read-only file system view except the data directory,
# no access to homes, private /tmp and /var/tmp, and no privilege escalation.
set -euo pipefail
install -d /etc/systemd/system/uploader.service.d
cat > /etc/systemd/system/uploader.service.d/sandbox.conf <<'CONF'
[Service]
ProtectSystem=strict
ReadWritePaths=/var/lib/uploader
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
NoNewPrivileges=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectControlGroups=yes
RestrictSUIDSGID=yes
CONF
systemctl daemon-reload
systemctl restart uploader.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8500/health >/dev/null && exit 0; sleep 0.2; done
exit 1
