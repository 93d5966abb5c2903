#!/bin/bash
# must fail req-2: only the paths the ticket gives as examples (/etc, /usr, /srv, /var) are made read-only; the rest of the root filesystem, /opt with the uploader's own program among it, stays writable
set -euo pipefail
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
systemctl restart uploader.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8500/health >/dev/null && exit 0; sleep 0.2; done
exit 1
