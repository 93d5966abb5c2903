#!/bin/bash
# Starting condition: VG archivevg on /dev/vdb only, LV archive (all of it, ext4) mounted at
# /srv/archive via fstab, about 93% full; the archiver service keeps a file open there.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
install_pkgs() {
  # the guest boots its kernel directly (no initramfs of its own): skip the slow rebuild
  if [ -f /etc/initramfs-tools/update-initramfs.conf ]; then
    cp /etc/initramfs-tools/update-initramfs.conf /run/ob-update-initramfs.conf
    sed -i 's/^update_initramfs=.*/update_initramfs=no/' /etc/initramfs-tools/update-initramfs.conf
  fi
  do_install "$@"
  if [ -f /run/ob-update-initramfs.conf ]; then
    cp /run/ob-update-initramfs.conf /etc/initramfs-tools/update-initramfs.conf
  fi
}
do_install() {
  apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1 || {
    apt-get update -q </dev/null >/dev/null
    apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1
  }
}
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
