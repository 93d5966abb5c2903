#!/bin/bash
# Starting condition: /dev/vdb formatted ext4 and mounted at /srv/uploads with default options
# from fstab; some uploads owned by the uploader user.
set -euo pipefail
id uploader >/dev/null 2>&1 || useradd --system --home-dir /srv/uploads --shell /usr/sbin/nologin uploader
mkfs.ext4 -q -F -L uploads /dev/vdb
install -d /srv/uploads
echo "LABEL=uploads /srv/uploads ext4 defaults 0 2" >> /etc/fstab
systemctl daemon-reload
mount /srv/uploads
install -d -o uploader -g uploader -m 0755 /srv/uploads/incoming
for f in report-q1.pdf photo-0412.jpg notes.txt; do
  head -c 200K /dev/urandom > "/srv/uploads/incoming/$f"
done
printf '#!/bin/sh\necho "uploaded script ran"\n' > /srv/uploads/incoming/install.sh
chmod 755 /srv/uploads/incoming/install.sh
chown -R uploader:uploader /srv/uploads/incoming
install -d -m 0700 /var/lib/opsbench
(cd /srv/uploads && find incoming -type f | LC_ALL=C sort | xargs sha256sum) > /var/lib/opsbench/uploads.sha256
/srv/uploads/incoming/install.sh
