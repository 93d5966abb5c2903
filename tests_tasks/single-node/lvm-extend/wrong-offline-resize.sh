#!/bin/bash
# must fail req-4: the "safe" offline way: archiver stopped, /srv/archive unmounted, checked and grown, then mounted and started again; the service was interrupted although it had to keep running
set -euo pipefail
pvcreate -y /dev/vdc
vgextend archivevg /dev/vdc
systemctl stop archiver.service
umount /srv/archive
e2fsck -f -y /dev/archivevg/archive || test $? -le 1   # 1: errors corrected
lvextend -r -l +100%FREE archivevg/archive
mount /srv/archive
systemctl start archiver.service
systemctl is-active archiver.service
df -m /srv/archive
