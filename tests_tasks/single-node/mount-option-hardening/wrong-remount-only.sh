#!/bin/bash
# must fail req-1, req-2, req-3: nodev,nosuid,noexec applied with a remount only; /etc/fstab still says defaults, so the next boot mounts /srv/uploads without them
set -euo pipefail
mount -o remount,nodev,nosuid,noexec /srv/uploads
findmnt /srv/uploads
