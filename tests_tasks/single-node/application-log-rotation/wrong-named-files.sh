#!/bin/bash
# must fail req-1: the rotation lists the two files there today (worker.log, access.log), not every log in /var/log/orders: a log file the service adds later is never rotated
set -euo pipefail
. ./logrotate.sh
install_logrotate
cat > /etc/logrotate.d/orders-worker <<'CONF'
/var/log/orders/worker.log /var/log/orders/access.log {
    daily
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
rotation_on
