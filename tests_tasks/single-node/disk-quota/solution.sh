#!/bin/bash
# Reference solution: the usrquota mount option in fstab, the quota tools, quota files made
# with quotacheck and quotas switched on (the quota package's systemd units switch them on at
# every boot for file systems with usrquota), then per-user limits with setquota (in 1 KiB
# blocks: 50 MiB soft, 60 MiB hard).
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends quota
sed -i -E 's|^(LABEL=shared[[:space:]]+/srv/shared[[:space:]]+ext4[[:space:]]+)defaults|\1defaults,usrquota|' /etc/fstab
grep '/srv/shared' /etc/fstab
systemctl daemon-reload
mount -o remount /srv/shared
quotacheck -cum /srv/shared
quotaon -v /srv/shared
for u in dev1 dev2; do setquota -u "$u" 51200 61440 0 0 /srv/shared; done
repquota -s /srv/shared
systemctl list-unit-files 'quota*' --no-pager || true
