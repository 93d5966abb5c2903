#!/bin/bash
# must fail req-3: the data line is repaired, and the archive line is deleted "since the disk is gone": the boot works, but mount /srv/archive no longer knows the disk when it comes back
set -euo pipefail
uuid=$(blkid -s UUID -o value /dev/vdb)
sed -i -E "s|^[^#[:space:]]+([[:space:]]+/srv/data[[:space:]])|UUID=$uuid\1|" /etc/fstab
sed -i -E '/^[^#]*[[:space:]]\/srv\/archive[[:space:]]/d' /etc/fstab
systemctl daemon-reload
mount -a
cat /etc/fstab
