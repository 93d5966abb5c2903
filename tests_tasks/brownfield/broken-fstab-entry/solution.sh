#!/bin/bash
# Reference solution: two fstab lines would stop the boot. The data line names a filesystem UUID
# that no longer exists: point it at the filesystem really on /dev/vdb. The archive line is kept
# (mount /srv/archive must work once the disk is back) but marked nofail with a short device
# timeout, so its absence no longer holds or stops the boot. systemd is reloaded and the result
# tested with mount -a, which fails as the boot would on a required device that is missing.
set -euo pipefail
uuid=$(blkid -s UUID -o value /dev/vdb)
sed -i -E "s|^[^#[:space:]]+([[:space:]]+/srv/data[[:space:]])|UUID=$uuid\1|" /etc/fstab
sed -i -E '/^[^#]*[[:space:]]\/srv\/archive[[:space:]]/ s/([[:space:]]ext4[[:space:]]+)defaults([[:space:]])/\1defaults,nofail,x-systemd.device-timeout=10s\2/' /etc/fstab
grep -E '[[:space:]]/srv/(data|archive)[[:space:]]' /etc/fstab
systemctl daemon-reload
mount -a
findmnt /srv/data
