#!/bin/bash
# must fail req-1: the LV and filesystem grow only by what reaches the 200 MiB free (+220 MiB), leaving the rest of the second disk unallocated instead of all of both disks
set -euo pipefail
pvcreate -y /dev/vdc
vgextend archivevg /dev/vdc
lvextend -r -L +220M archivevg/archive
df -m /srv/archive
