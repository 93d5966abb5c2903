#!/bin/bash
# must fail req-2: only the paths the ticket gives as examples (/etc, /usr, /srv, /var) are made read-only; the rest of the root filesystem, /opt with the uploader's own program among it, stays writable
set -euo pipefail
. ./uploader.sh
install -d /etc/systemd/system/uploader.service.d
cat > /etc/systemd/system/uploader.service.d/sandbox.conf <<'CONF'
[Service]
ReadOnlyPaths=/etc /usr /srv /var
ReadWritePaths=/var/lib/uploader
ProtectHome=yes
PrivateTmp=yes
NoNewPrivileges=yes
CONF
systemctl daemon-reload
uploader_restarted
