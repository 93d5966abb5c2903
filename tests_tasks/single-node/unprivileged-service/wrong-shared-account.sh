#!/bin/bash
# must fail req-1: an existing shared account instead of a new one: www-data (it is a web server; nobody on RHEL, which has no www-data), which other software shares
set -euo pipefail
. ./quotes.sh
chown -R www-data:www-data /var/lib/quotes
chmod 750 /var/lib/quotes
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=www-data
Group=www-data
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
quotes_up
