#!/bin/bash
# must fail req-1: vdc is replaced by vdd correctly at runtime (removed, wiped, vdd added and rebuilt), but mdadm.conf's DEVICE line still names only vdb and vdc, so after the reboot udev does not assemble vdd and the array comes up degraded
set -euo pipefail
mdadm /dev/md0 --remove /dev/vdc
mdadm --zero-superblock /dev/vdc
mdadm /dev/md0 --add /dev/vdd
mdadm --wait /dev/md0 || true
for i in $(seq 1 120); do [ "$(cat /sys/block/md0/md/degraded)" = 0 ] && break; sleep 1; done
mdadm --detail /dev/md0
