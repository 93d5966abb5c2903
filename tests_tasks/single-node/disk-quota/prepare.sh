#!/bin/bash
# Starting condition: /dev/vdb as ext4 (no quota feature) mounted on /srv/shared from fstab,
# with team directories and some existing data; no quota tools installed.
set -euo pipefail
getent group shared >/dev/null || groupadd shared
for u in dev1 dev2 backup; do   # backup: Debian's own system account (no login shell)
  id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"
  usermod -aG shared "$u"
done
if ! blkid /dev/vdb >/dev/null 2>&1; then
  mkfs.ext4 -q -L shared /dev/vdb
fi
install -d /srv/shared
grep -q '^LABEL=shared ' /etc/fstab || echo 'LABEL=shared /srv/shared ext4 defaults 0 2' >> /etc/fstab
systemctl daemon-reload
mountpoint -q /srv/shared || mount /srv/shared
for u in dev1 dev2 backup; do install -d -o "$u" -g shared -m 2770 "/srv/shared/$u"; done
install -d -o root -g shared -m 2775 /srv/shared/common
printf 'project handbook v3\nbuild servers: b1 b2 b3\n' > /srv/shared/common/README.txt
yes "sample row 0123456789" | head -c 5M > /srv/shared/dev1/dataset.bin || true
chown dev1:shared /srv/shared/dev1/dataset.bin
sync
