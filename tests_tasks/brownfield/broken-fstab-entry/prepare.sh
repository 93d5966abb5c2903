#!/bin/bash
# Starting condition: the data disk /dev/vdb (ext4, mounted on /srv/data by hand) holds the
# application's data, but its /etc/fstab line still names the UUID of the filesystem it was
# restored from, which no longer exists; below it, a line for an archive disk that has been
# detached. Neither line has nofail, so at the next boot systemd waits 90 s for each device, then
# the mounts fail and the boot stops in emergency mode. systemd is not told (no daemon-reload):
# nothing changes until the reboot, as after an edit nobody tested.
set -euo pipefail
OLD_DATA_UUID=3f9c1d52-7e4a-4b8e-9a61-0c5d2e8f4b17
ARCHIVE_UUID=b7e2a9c4-1d3f-4e6a-8b5c-92f0d1e3a6c8
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id app >/dev/null 2>&1 || useradd --system --home-dir /srv/data/app --no-create-home --shell "$nologin" app
mkfs.ext4 -q -F -L appdata /dev/vdb
install -d /srv/data /srv/archive
mount /dev/vdb /srv/data
install -d -o app -g app -m 0750 /srv/data/app /srv/data/app/orders
for m in 01 02 03 04 05 06; do
  seq 1 2000 | sed "s/^/2024-$m order /" > "/srv/data/app/orders/2024-$m.csv"
done
printf 'db_path=/srv/data/app/orders\nretention_days=400\n' > /srv/data/app/app.conf
chown -R app:app /srv/data/app
install -d -m 0700 /var/lib/opsbench
(cd /srv/data && find app -type f | LC_ALL=C sort | xargs sha256sum) > /var/lib/opsbench/appdata.sha256
cat >> /etc/fstab <<FSTAB
# application data disk
UUID=$OLD_DATA_UUID /srv/data ext4 defaults 0 2
# archive disk (INFRA-2231)
UUID=$ARCHIVE_UUID /srv/archive ext4 defaults 0 2
FSTAB
cat /etc/fstab
findmnt /srv/data
# the condition the agent must repair is really there: the boot would need two missing devices
! mount -a -f
