#!/bin/bash
# Reference solution: nodev,nosuid,noexec on the fstab entry, applied now with a remount.
set -euo pipefail
sed -i -E 's|^(LABEL=uploads[[:space:]]+/srv/uploads[[:space:]]+ext4[[:space:]]+)defaults|\1defaults,nodev,nosuid,noexec|' /etc/fstab
grep -E '[[:space:]]/srv/uploads[[:space:]]' /etc/fstab
systemctl daemon-reload
mount -o remount /srv/uploads
findmnt /srv/uploads
