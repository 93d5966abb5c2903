#!/bin/bash
# Starting condition: RAID1 /dev/md0 (metadata 1.2) of /dev/vdb and /dev/vdc, ext4 mounted at
# /srv/data from fstab (by filesystem UUID), some data and its manifest (kept outside the array
# in /var/lib/opsbench), then /dev/vdc marked faulty: the array runs degraded, vdc still listed
# as a failed member. mdadm.conf names the array by UUID and has a DEVICE line limiting mdadm to
# /dev/vdb and /dev/vdc: a new member on another disk works at once, but at boot udev's
# incremental assembly ignores it ("not permitted by mdadm.conf") until that line is changed.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
install_pkgs() {
  # the guest boots its kernel directly (no initramfs of its own): skip the slow rebuild
  if [ -f /etc/initramfs-tools/update-initramfs.conf ]; then
    cp /etc/initramfs-tools/update-initramfs.conf /run/ob-update-initramfs.conf
    sed -i 's/^update_initramfs=.*/update_initramfs=no/' /etc/initramfs-tools/update-initramfs.conf
  fi
  apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1 || {
    apt-get update -q </dev/null >/dev/null
    apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1
  }
  if [ -f /run/ob-update-initramfs.conf ]; then
    cp /run/ob-update-initramfs.conf /etc/initramfs-tools/update-initramfs.conf
  fi
}
command -v mdadm >/dev/null || install_pkgs mdadm
modprobe raid1 2>/dev/null || true
mdadm --create /dev/md0 --run --level=1 --raid-devices=2 --metadata=1.2 --assume-clean /dev/vdb /dev/vdc
uuid=$(mdadm --detail --export /dev/md0 | sed -n 's/^MD_UUID=//p')
[ -n "$uuid" ]
mkfs.ext4 -q -L data /dev/md0
install -d /etc/mdadm
cat > /etc/mdadm/mdadm.conf <<CONF
# mdadm.conf - see mdadm.conf(5)
# STOR-311: only the two data disks carry RAID members; keep mdadm away from the others
DEVICE /dev/vdb /dev/vdc
HOMEHOST <system>
MAILADDR root
ARRAY /dev/md0 metadata=1.2 UUID=$uuid
CONF
fsuuid=$(blkid -s UUID -o value /dev/md0)
install -d /srv/data
echo "UUID=$fsuuid /srv/data ext4 defaults,nofail 0 2" >> /etc/fstab
systemctl daemon-reload
mount /srv/data
install -d /srv/data/projects /srv/data/scans
for p in apollo borealis cassini; do
  head -c 3M /dev/urandom > "/srv/data/projects/$p.tar"
done
for i in 01 02 03 04 05 06 07 08; do head -c 512K /dev/urandom > "/srv/data/scans/scan-$i.pdf"; done
printf 'owner=records team\nretention=7y\n' > /srv/data/README
sync
install -d -m 0700 /var/lib/opsbench
(cd /srv/data && find . -type f ! -path './lost+found/*' | LC_ALL=C sort | xargs sha256sum) \
  > /var/lib/opsbench/data.sha256
echo "$uuid" > /var/lib/opsbench/raid.uuid
# last night: vdc fails
mdadm /dev/md0 --fail /dev/vdc
sleep 1
cat /proc/mdstat
grep -q '(F)' /proc/mdstat
[ "$(cat /sys/block/md0/md/degraded)" = 1 ]
