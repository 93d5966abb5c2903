#!/bin/bash
# must fail req-5: no `daily` in the drop-in, so the global `weekly` of logrotate.conf applies: a log rotated two days ago is not rotated by the next daily run
set -euo pipefail
if command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends logrotate
else
  dnf -y install logrotate
fi
cat > /etc/logrotate.d/orders-worker <<'CONF'
/var/log/orders/*.log {
    rotate 5
    missingok
    notifempty
    compress
    delaycompress
    create 0640 orders orders
    sharedscripts
    postrotate
        systemctl reload orders-worker.service >/dev/null 2>&1 || true
    endscript
}
CONF
systemctl enable --now logrotate.timer
logrotate -d /etc/logrotate.d/orders-worker 2>&1 | tail -5
