#!/bin/bash
# Starting condition: no swap at all, the kernel's default swappiness (60), and the workload's
# data volume (/dev/vdb, ext4 labelled appdata) mounted on /srv/appdata from fstab.
set -euo pipefail
. tasklib/fstab-volume.sh
swapoff -a || true
rm -f /swapfile
sysctl -qw vm.swappiness=60
fstab_volume /dev/vdb appdata /srv/appdata defaults,noatime
echo "queue state" > /srv/appdata/state.db
sync
