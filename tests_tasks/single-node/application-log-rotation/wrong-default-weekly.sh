#!/bin/bash
# must fail req-5: no `daily` in the drop-in, so the global `weekly` of logrotate.conf applies: a log rotated two days ago is not rotated by the next daily run
set -euo pipefail
. ./logrotate.sh
install_logrotate
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
rotation_on
