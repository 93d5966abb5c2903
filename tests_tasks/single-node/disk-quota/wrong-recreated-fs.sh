#!/bin/bash
# must fail req-4: to get ext4's built-in quota feature the filesystem is re-made with mkfs and the data restored from a copy: same files, but no longer the same filesystem
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends quota
tar -C /srv/shared -cpf /root/shared-backup.tar .
umount /srv/shared
mkfs.ext4 -F -q -L shared -O quota -E quotatype=usrquota /dev/vdb
sed -i -E 's|^(LABEL=shared[[:space:]]+/srv/shared[[:space:]]+ext4[[:space:]]+)defaults|\1defaults,usrquota|' /etc/fstab
systemctl daemon-reload
mount /srv/shared
tar -C /srv/shared -xpf /root/shared-backup.tar
rm -f /root/shared-backup.tar
quotaon -v /srv/shared 2>/dev/null || true
for u in dev1 dev2; do setquota -u "$u" 51200 61440 0 0 /srv/shared; done
repquota -s /srv/shared
