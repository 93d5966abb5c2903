#!/bin/bash
# must fail req-2: rotation with create but no postrotate reload: orders-worker keeps its old file handles and writes on into the rotated file
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
}
CONF
rotation_on
