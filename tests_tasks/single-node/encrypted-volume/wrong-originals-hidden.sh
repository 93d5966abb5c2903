#!/bin/bash
# must fail req-3: the files are copied onto the volume, which is then mounted over /srv/vault; the plaintext originals are never deleted, only hidden under the mount point on the root disk
set -euo pipefail
pkgs=cryptsetup-bin
apt-cache show systemd-cryptsetup >/dev/null 2>&1 && pkgs="$pkgs systemd-cryptsetup"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs
modprobe dm_crypt
install -d -m 700 /etc/cryptsetup-keys.d
KEY=/etc/cryptsetup-keys.d/vault.key
[ -s "$KEY" ] || head -c 4096 /dev/urandom > "$KEY"
chmod 400 "$KEY"
cryptsetup isLuks /dev/vdb || cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 \
  --pbkdf-force-iterations 200000 --key-file "$KEY" /dev/vdb
[ -e /dev/mapper/vault ] || cryptsetup open --key-file "$KEY" /dev/vdb vault
blkid /dev/mapper/vault >/dev/null 2>&1 || mkfs.ext4 -q -L vault /dev/mapper/vault
uuid=$(cryptsetup luksUUID /dev/vdb)
grep -q '^vault ' /etc/crypttab 2>/dev/null || echo "vault UUID=$uuid $KEY luks" >> /etc/crypttab
grep -q ' /srv/vault ' /etc/fstab || echo '/dev/mapper/vault /srv/vault ext4 defaults 0 2' >> /etc/fstab
install -d /mnt/vault-new
mount /dev/mapper/vault /mnt/vault-new
cp -a /srv/vault/. /mnt/vault-new/
umount /mnt/vault-new
rmdir /mnt/vault-new
systemctl daemon-reload
mount /srv/vault
chmod 750 /srv/vault
ls -l /srv/vault
