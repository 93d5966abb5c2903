#!/bin/bash
# must fail req-1, req-2: vdd is added and rebuilt (and named in mdadm.conf), but the failed vdc is never removed: it stays in the array as a faulty member
set -euo pipefail
mdadm /dev/md0 --add /dev/vdd
mdadm --wait /dev/md0 || true
for i in $(seq 1 120); do [ "$(cat /sys/block/md0/md/degraded)" = 0 ] && break; sleep 1; done
sed -i 's#^DEVICE .*#& /dev/vdd#' /etc/mdadm/mdadm.conf
mdadm --detail /dev/md0
