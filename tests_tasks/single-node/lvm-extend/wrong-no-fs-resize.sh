#!/bin/bash
# must fail req-1: the disk joins the VG and the LV takes all of it, but the ext4 filesystem is never resized (no -r, no resize2fs), so df still shows the archive nearly full
set -euo pipefail
pvcreate -y /dev/vdc
vgextend archivevg /dev/vdc
lvextend -l +100%FREE archivevg/archive
lvs archivevg
df -m /srv/archive
