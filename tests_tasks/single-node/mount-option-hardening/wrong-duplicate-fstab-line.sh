#!/bin/bash
# must fail req-1, req-2, req-3: a second, hardened fstab line is appended and applied with an explicit remount, but the old "defaults" line stays above it; at boot systemd's fstab generator keeps the first entry for /srv/uploads
set -euo pipefail
echo "LABEL=uploads /srv/uploads ext4 defaults,nodev,nosuid,noexec 0 2" >> /etc/fstab
systemctl daemon-reload
mount -o remount,nodev,nosuid,noexec /srv/uploads
findmnt /srv/uploads
