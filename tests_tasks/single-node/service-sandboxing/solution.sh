#!/bin/bash
# Reference solution: a drop-in with a read-only file system view except the data directory,
# no access to homes, private /tmp and /var/tmp, and no privilege escalation.
set -euo pipefail
. ./uploader.sh
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
uploader_restarted
