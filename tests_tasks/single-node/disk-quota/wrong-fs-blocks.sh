#!/bin/bash
# must fail req-1, req-2: the limits are given in the filesystem's 4 KiB blocks (12800/15360), but setquota counts 1 KiB blocks, so dev1 and dev2 get 12.5/15 MiB instead of 50/60 MiB
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends quota
sed -i -E 's|^(LABEL=shared[[:space:]]+/srv/shared[[:space:]]+ext4[[:space:]]+)defaults|\1defaults,usrquota|' /etc/fstab
systemctl daemon-reload
mount -o remount /srv/shared
quotacheck -cum /srv/shared
quotaon -v /srv/shared
# 50 MiB soft, 60 MiB hard, in 4 KiB blocks
for u in dev1 dev2; do setquota -u "$u" 12800 15360 0 0 /srv/shared; done
repquota -s /srv/shared
