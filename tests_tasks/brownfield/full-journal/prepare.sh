#!/bin/bash
# Starting condition: /var/log lives on its own ext4 on /dev/vdb (fstab, LABEL=varlog) with the
# journal stored there. A drop-in left over from a debugging session, retention.conf, lifts every
# journald limit (SystemMaxUse=8G, SystemKeepFree=0, no rate limit, no compression); it sorts after
# the image's own journald.conf.d/opsbench.conf and after journald.conf, so it wins. A batch job's
# debug dumps then filled /var/log until an unprivileged writer gets ENOSPC (root's 5% reserve is
# what is left).
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id reports >/dev/null 2>&1 || useradd --system --home-dir /var/lib/reports --no-create-home --shell "$nologin" reports
install -d /etc/systemd/journald.conf.d
cat > /etc/systemd/journald.conf.d/retention.conf <<'CONF'
# INC-4471: keep every message of the batch job's debug run for the vendor.
# Temporary, remove once the vendor has the logs.
[Journal]
Storage=persistent
SystemMaxUse=8G
SystemKeepFree=0
SystemMaxFileSize=8M
RateLimitBurst=0
Compress=no
CONF
systemctl restart systemd-journald
journalctl --flush
# /var/log onto the data disk, the journal moved along with it
mkfs.ext4 -q -F -L varlog /dev/vdb
new=$(mktemp -d)
mount /dev/vdb "$new"
journalctl --relinquish-var
cp -a /var/log/. "$new"/
umount "$new"
rmdir "$new"
grep -q '^LABEL=varlog ' /etc/fstab || echo 'LABEL=varlog /var/log ext4 defaults 0 2' >> /etc/fstab
systemctl daemon-reload
mount /var/log
journalctl --flush
install -d -o reports -g reports -m 0755 /var/log/reports
printf '%s nightly reports: 42 reports written\n' "$(date -Is)" > /var/log/reports/nightly.log
chown reports:reports /var/log/reports/nightly.log
# the batch job's debug dumps (32 KiB each, all different) until only root's reserve is left
python3 - <<'PY'
import os, socket, subprocess
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
pad = "0123456789abcdef" * 2048


def avail():
    st = os.statvfs("/var/log")
    return st.f_bavail * st.f_frsize


n = 0
while avail() > (2 << 20) and n < 12000:
    for _ in range(128):
        msg = "MESSAGE=batchd[%06d] debug dump of the job state: %s\nPRIORITY=7\nSYSLOG_IDENTIFIER=batchd\n" % (n, pad)
        sock.sendto(msg.encode(), "/run/systemd/journal/socket")
        n += 1
    subprocess.run(["journalctl", "--sync"], check=False)
print(f"{n} debug dumps logged, {avail() >> 20} MiB left for users")
PY
df -h /var/log
journalctl --disk-usage
# the condition the agent must repair is really there
if (cd / && runuser -u reports -- dd if=/dev/zero of=/var/log/reports/.probe bs=1M count=4 conv=fsync 2>/dev/null); then
  echo "reports can still write to /var/log: the journal did not fill it" >&2
  exit 1
fi
rm -f /var/log/reports/.probe
