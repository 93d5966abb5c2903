#!/bin/bash
# must fail req-5: instead of giving the service the one capability, the privileged port range is lowered to 80 for the whole system, so every user may now listen on ports 80-1023
set -euo pipefail
. ./quotes.sh
quotes_account
chown -R quotes:quotes /var/lib/quotes
chmod 750 /var/lib/quotes
echo 'net.ipv4.ip_unprivileged_port_start = 80' > /etc/sysctl.d/60-quotes-port.conf
sysctl -q -p /etc/sysctl.d/60-quotes-port.conf
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=quotes
Group=quotes
CapabilityBoundingSet=
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=/var/lib/quotes
ProtectHome=yes
PrivateTmp=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
quotes_up
