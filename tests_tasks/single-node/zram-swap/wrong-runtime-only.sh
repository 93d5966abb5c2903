#!/bin/bash
# must fail req-1, req-2, req-3, req-4: zram0 is set up by hand on the running system only; nothing recreates it at boot, so node1 has no swap after it reboots
set -euo pipefail
modprobe zram num_devices=1
echo zstd > /sys/block/zram0/comp_algorithm
echo 256M > /sys/block/zram0/disksize
mkswap /dev/zram0
swapon -p 100 /dev/zram0
swapon --show
