#!/bin/bash
# must fail req-2: rotation with create but no postrotate reload: orders-worker keeps its old file handles and writes on into the rotated file
set -euo pipefail
if command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends logrotate
else
  dnf -y install logrotate
fi
cat > /etc/logrotate.d/orders-worker <<'CONF'
/var/log/orders/*.log {
    daily
    rotate 5
    missingok
    notifempty
    compress
    delaycompress
    create 0640 orders orders
}
CONF
systemctl enable --now logrotate.timer
logrotate -d /etc/logrotate.d/orders-worker 2>&1 | tail -5
