#!/bin/bash
# must fail req-4: the new account is made owner of everything the service touches, its program and the quotes included, so the service can rewrite both
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id quotes >/dev/null 2>&1 || useradd --system --user-group --no-create-home --home-dir /var/lib/quotes \
  --shell "$nologin" quotes
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
for i in $(seq 50); do curl -sf http://127.0.0.1/ && exit 0; sleep 0.2; done
echo "quotes did not come up" >&2
exit 1
