#!/bin/bash
# must fail req-1, req-2: only the archive line (the disk the ticket names as gone) gets nofail; the data line still names a filesystem UUID that no longer exists, so the boot still stops in emergency mode
set -euo pipefail
sed -i -E '/^[^#]*[[:space:]]\/srv\/archive[[:space:]]/ s/([[:space:]]ext4[[:space:]]+)defaults([[:space:]])/\1defaults,nofail,x-systemd.device-timeout=10s\2/' /etc/fstab
systemctl daemon-reload
grep -E '[[:space:]]/srv/(data|archive)[[:space:]]' /etc/fstab
findmnt /srv/data
