#!/bin/bash
# must fail req-4: the new account is made owner of everything the service touches, its program and the quotes included, so the service can rewrite both
set -euo pipefail
. ./quotes.sh
quotes_account
chown -R quotes:quotes /var/lib/quotes /srv/quotes /usr/local/bin/quotes-server
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=quotes
Group=quotes
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
quotes_up
