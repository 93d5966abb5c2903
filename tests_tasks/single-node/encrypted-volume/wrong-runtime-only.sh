#!/bin/bash
# must fail req-1, req-2, req-4: the volume is created, opened and mounted by hand, with no crypttab or fstab entry: nothing unlocks or mounts it at boot, so /srv/vault is an empty folder after node1 reboots
set -euo pipefail
pkgs=cryptsetup-bin
apt-cache show systemd-cryptsetup >/dev/null 2>&1 && pkgs="$pkgs systemd-cryptsetup"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs
modprobe dm_crypt
install -d -m 700 /etc/luks
KEY=/etc/luks/vault.key
[ -s "$KEY" ] || head -c 4096 /dev/urandom > "$KEY"
chmod 400 "$KEY"
cryptsetup isLuks /dev/vdb || cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 \
  --pbkdf-force-iterations 200000 --key-file "$KEY" /dev/vdb
[ -e /dev/mapper/vault ] || cryptsetup open --key-file "$KEY" /dev/vdb vault
blkid /dev/mapper/vault >/dev/null 2>&1 || mkfs.ext4 -q -L vault /dev/mapper/vault
install -d /mnt/vault-new
mount /dev/mapper/vault /mnt/vault-new
cp -a /srv/vault/. /mnt/vault-new/
( cd /srv/vault && sha256sum ./* ) > /tmp/vault.sha256
( cd /mnt/vault-new && sha256sum -c /tmp/vault.sha256 )
find /srv/vault -type f -exec shred -u {} +
umount /mnt/vault-new
rmdir /mnt/vault-new
mount /dev/mapper/vault /srv/vault
chmod 750 /srv/vault
findmnt /srv/vault
