#!/bin/bash
# Reference solution: logrotate (its package enables a daily timer) with a drop-in for
# /var/log/orders/*.log: daily, 5 generations, gzip with delaycompress, and a postrotate
# reload so the worker re-opens its files (create makes fresh ones owned by orders).
set -euo pipefail
. ./logrotate.sh
install_logrotate
cat > /etc/logrotate.d/orders-worker <<'CONF'
/var/log/orders/*.log {
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
