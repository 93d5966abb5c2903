#!/bin/bash
# fstab_volume DEVICE LABEL DIR [OPTIONS]: a data volume mounted from /etc/fstab. DEVICE is
# formatted ext4 with LABEL unless it already holds a file system (so prepare can run again),
# /etc/fstab gets the line `LABEL=<LABEL> DIR ext4 OPTIONS 0 2` once (OPTIONS: defaults), and DIR
# is mounted from it now.
fstab_volume() {
  local dev=$1 label=$2 dir=$3 options=${4:-defaults}
  blkid "$dev" >/dev/null 2>&1 || mkfs.ext4 -q -L "$label" "$dev"
  install -d "$dir"
  grep -q "^LABEL=$label " /etc/fstab || echo "LABEL=$label $dir ext4 $options 0 2" >> /etc/fstab
  systemctl daemon-reload  # the mount unit systemd generates from fstab
  mountpoint -q "$dir" || mount "$dir"
}
