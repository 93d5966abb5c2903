#!/bin/bash
# Reference solution: the second disk becomes a PV of archivevg, the LV takes all free space
# and ext4 grows online in the same step (lvextend -r runs resize2fs on the mounted fs).
set -euo pipefail
pvcreate -y /dev/vdc
vgextend archivevg /dev/vdc
lvextend -r -l +100%FREE archivevg/archive
df -m /srv/archive
