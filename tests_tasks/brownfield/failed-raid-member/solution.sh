#!/bin/bash
# Reference solution: take the failed vdc out of the array and wipe its RAID superblock (it
# leaves the machine), add vdd, wait for the rebuild, and let mdadm.conf's DEVICE line name the
# new member, so incremental assembly at boot takes vdd too.
set -euo pipefail
md=/dev/md0
if mdadm --detail "$md" | grep -q '/dev/vdc$'; then
  mdadm "$md" --fail /dev/vdc 2>/dev/null || true
  mdadm "$md" --remove /dev/vdc
fi
mdadm --zero-superblock /dev/vdc 2>/dev/null || true
mdadm --detail "$md" | grep -q '/dev/vdd$' || mdadm "$md" --add /dev/vdd
mdadm --wait "$md" || true
for i in $(seq 1 120); do
  [ "$(cat /sys/block/md0/md/degraded)" = 0 ] && break
  sleep 1
done
sed -i 's#^DEVICE .*#DEVICE /dev/vdb /dev/vdd#' /etc/mdadm/mdadm.conf
cat /etc/mdadm/mdadm.conf
mdadm --detail "$md"
[ "$(cat /sys/block/md0/md/degraded)" = 0 ]
