#!/bin/bash
# must fail req-2: nofail on both lines makes the boot go on, but the data line still names a UUID that no longer exists, so after the reboot /srv/data is not mounted
set -euo pipefail
sed -i -E '/^[^#]*[[:space:]]\/srv\/(data|archive)[[:space:]]/ s/([[:space:]]ext4[[:space:]]+)defaults([[:space:]])/\1defaults,nofail\2/' /etc/fstab
systemctl daemon-reload
grep -E '[[:space:]]/srv/(data|archive)[[:space:]]' /etc/fstab
mount -a
