#!/bin/bash
# Reference solution: a system account `quotes` without a login shell that owns only the
# counter directory; a drop-in runs the service as it with CAP_NET_BIND_SERVICE as its one
# (ambient and bounding) capability and no way to gain more.
set -euo pipefail
. ./quotes.sh
quotes_account
chown -R quotes:quotes /var/lib/quotes
chmod 750 /var/lib/quotes
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=quotes
Group=quotes
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=/var/lib/quotes
ProtectHome=yes
PrivateTmp=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
quotes_up
