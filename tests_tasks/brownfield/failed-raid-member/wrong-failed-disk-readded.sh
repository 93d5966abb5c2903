#!/bin/bash
# must fail req-2: the "failed" vdc still reads fine, so it is removed and added back instead of the new disk: the array is whole, but on the disk that is going back to the vendor
set -euo pipefail
mdadm /dev/md0 --remove /dev/vdc
mdadm /dev/md0 --add /dev/vdc
mdadm --wait /dev/md0 || true
for i in $(seq 1 120); do [ "$(cat /sys/block/md0/md/degraded)" = 0 ] && break; sleep 1; done
mdadm --detail /dev/md0
