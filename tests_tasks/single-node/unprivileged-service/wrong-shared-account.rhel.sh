#!/bin/bash
# must fail req-1: an existing shared account instead of a new one: nobody (RHEL has no www-data), which other software shares
set -euo pipefail
. ./quotes.sh
chown -R nobody:nobody /var/lib/quotes
chmod 750 /var/lib/quotes
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=nobody
Group=nobody
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
quotes_up
