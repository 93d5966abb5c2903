#!/bin/bash
# must fail req-4: instead of a sandbox the service runs as a new unprivileged account; that stops writes to /etc, /usr and the homes, but the world-writable shared /tmp and /var/tmp stay open to it
set -euo pipefail
. ./uploader.sh
id uploader >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /var/lib/uploader \
  --shell /usr/sbin/nologin uploader
chown -R uploader:uploader /var/lib/uploader
install -d /etc/systemd/system/uploader.service.d
cat > /etc/systemd/system/uploader.service.d/unprivileged.conf <<'CONF'
[Service]
User=uploader
Group=uploader
NoNewPrivileges=yes
CONF
systemctl daemon-reload
uploader_restarted
