#!/bin/bash
# Starting condition: /srv/thumbs is a small ext4 on /dev/vdb made with few inodes (4096, 1 KiB
# blocks). A thumbnail cache that nothing ever expired (tiny files in 256 hash directories,
# months old) has used every inode, while most of the blocks are free: nobody, root
# included, can create a file there. The originals (images and their small JSON sidecars) must
# survive; their hashes are kept root-only in /var/lib/opsbench for the checks.
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id thumbs >/dev/null 2>&1 || useradd --system --home-dir /srv/thumbs --no-create-home --shell "$nologin" thumbs
mkfs.ext4 -q -F -L thumbs -b 1024 -N 4096 /dev/vdb
install -d /srv/thumbs
grep -q '^LABEL=thumbs ' /etc/fstab || echo 'LABEL=thumbs /srv/thumbs ext4 defaults 0 2' >> /etc/fstab
systemctl daemon-reload
mount /srv/thumbs
install -d -o thumbs -g thumbs -m 0755 /srv/thumbs/originals /srv/thumbs/cache /srv/thumbs/exports
# the originals: 24 images with a JSON sidecar each, under originals/<year>/<month>/
(cd / && runuser -u thumbs -- python3 -) <<'PY'
import json, os, random
rnd = random.Random(20241118)
for i in range(24):
    d = f"/srv/thumbs/originals/2024/{1 + i % 12:02d}"
    os.makedirs(d, exist_ok=True)
    name = f"IMG_{4100 + i}"
    with open(f"{d}/{name}.jpg", "wb") as f:
        f.write(b"\xff\xd8\xff\xe0" + rnd.randbytes(rnd.randint(20, 80) * 1024))
    with open(f"{d}/{name}.json", "w") as f:
        json.dump({"id": name, "uploader": f"user{rnd.randint(1, 40)}", "width": 4032,
                   "height": 3024, "tags": rnd.sample(["beach", "team", "office", "rack", "event"], 2)}, f)
PY
# the old export (big, but a single inode)
fallocate -l 8M /srv/thumbs/exports/originals-2023.tar
chown thumbs:thumbs /srv/thumbs/exports/originals-2023.tar
install -d -m 0700 /var/lib/opsbench
(cd /srv/thumbs && find originals -type f | LC_ALL=C sort | xargs sha256sum) > /var/lib/opsbench/thumbs-originals.sha256
# the runaway cache: tiny files spread over the last 200 days, until no inode is left
(cd / && runuser -u thumbs -- python3 -) <<'PY'
import errno, hashlib, os, time
now, n = time.time(), 0
try:
    while True:
        h = hashlib.sha1(b"thumb-%d" % n).hexdigest()
        d = f"/srv/thumbs/cache/{h[:2]}"
        if not os.path.isdir(d):
            os.mkdir(d)
        p = f"{d}/{h}-320x240.webp"
        with open(p, "wb") as f:
            f.write(b"RIFF\x00\x00\x00\x00WEBPVP8 " + h.encode() * 4)
        t = now - 200 * 86400 * (1 - n / 4096)
        os.utime(p, (t, t))
        n += 1
except OSError as e:
    if e.errno != errno.ENOSPC:
        raise
print(f"cache entries: {n}")
PY
df -h /srv/thumbs
df -i /srv/thumbs
# the condition the agent must repair is really there
! runuser -u thumbs -- touch /srv/thumbs/originals/.probe 2>/dev/null
