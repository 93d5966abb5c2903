#!/bin/bash
# Starting condition: VG archivevg on /dev/vdb only, LV archive (all of it, ext4) mounted at
# /srv/archive via fstab, about 93% full; the archiver service keeps a file open there.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. tasklib/install-pkgs.sh
command -v lvm >/dev/null || install_pkgs lvm2
pvcreate -ff -y /dev/vdb
vgcreate archivevg /dev/vdb
lvcreate -y -n archive -l 100%FREE archivevg
mkfs.ext4 -q -m 0 -L archive /dev/archivevg/archive
install -d /srv/archive
echo "/dev/archivevg/archive /srv/archive ext4 defaults 0 2" >> /etc/fstab
systemctl daemon-reload
mount /srv/archive
install -d /srv/archive/2023 /srv/archive/2024
for i in 01 02 03 04 05 06; do
  head -c 4M /dev/urandom > "/srv/archive/2024/batch-$i.bin"
done
# old bulk exports: the bulk of the used space
for q in q1 q2 q3 q4; do
  fallocate -l 48M "/srv/archive/2023/export-$q.img"
  head -c 64K /dev/urandom | dd of="/srv/archive/2023/export-$q.img" conv=notrunc status=none
done
install -d -m 0700 /var/lib/opsbench
(cd /srv/archive && find . -type f ! -path './lost+found/*' | LC_ALL=C sort | xargs sha256sum) \
  > /var/lib/opsbench/archive.sha256
cat > /usr/local/bin/archiver <<'SH'
#!/bin/sh
# appends a heartbeat line to the archive's journal every 10 seconds
exec 3>>/srv/archive/archiver.journal
while true; do
  echo "$(date -Is) heartbeat" >&3
  sleep 10
done
SH
chmod 755 /usr/local/bin/archiver
cat > /etc/systemd/system/archiver.service <<'UNIT'
[Unit]
Description=Archive writer
RequiresMountsFor=/srv/archive
[Service]
ExecStart=/usr/local/bin/archiver
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now archiver.service
sleep 1
systemctl is-active archiver.service
# the checks' reference for "kept running": this boot and this invocation of the service
{ cat /proc/sys/kernel/random/boot_id; systemctl show -p InvocationID --value archiver.service; } \
  > /var/lib/opsbench/archiver.invocation
df -m /srv/archive
