#!/bin/bash
# must fail req-3: noexec and nosuid, persistently, but nodev is forgotten, so a device node stored there still opens the device
set -euo pipefail
sed -i -E 's|^(LABEL=uploads[[:space:]]+/srv/uploads[[:space:]]+ext4[[:space:]]+)defaults|\1defaults,nosuid,noexec|' /etc/fstab
grep -E '[[:space:]]/srv/uploads[[:space:]]' /etc/fstab
systemctl daemon-reload
mount -o remount /srv/uploads
findmnt /srv/uploads
