#!/bin/bash
# must fail req-2: the cron entry is commented out "until the API is fixed" and the stuck runs killed: nothing piles up, but nothing fetches the inventory once the API answers
set -euo pipefail
sed -i 's|^\* \* \* \* \* invsync|# disabled until the inventory API is fixed: * * * * * invsync|' /etc/cron.d/inventory-sync
cat /etc/cron.d/inventory-sync
pkill -KILL -u invsync || true
