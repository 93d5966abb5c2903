#!/bin/bash
# Reference solution: cryptsetup (LUKS2, key file only: a random 4 KiB key file in
# /etc/cryptsetup-keys.d, mode 0400), ext4 on the mapping, crypttab + fstab entries so that
# systemd-cryptsetup opens it and mounts it at boot; the files are moved over and the old
# directory's blocks are overwritten before it is removed.
set -euo pipefail
# Debian 13 split the crypttab generator out of systemd: without systemd-cryptsetup nothing opens
# the volume at boot and the node stops in emergency mode waiting for /dev/mapper/vault
pkgs=cryptsetup-bin
apt-cache show systemd-cryptsetup >/dev/null 2>&1 && pkgs="$pkgs systemd-cryptsetup"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs
modprobe dm_crypt
install -d -m 700 /etc/cryptsetup-keys.d
KEY=/etc/cryptsetup-keys.d/vault.key
[ -s "$KEY" ] || { head -c 4096 /dev/urandom > "$KEY"; }
chmod 400 "$KEY"
cryptsetup isLuks /dev/vdb || cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 \
  --pbkdf-force-iterations 200000 --key-file "$KEY" /dev/vdb
[ -e /dev/mapper/vault ] || cryptsetup open --key-file "$KEY" /dev/vdb vault
blkid /dev/mapper/vault >/dev/null 2>&1 || mkfs.ext4 -q -L vault /dev/mapper/vault
uuid=$(cryptsetup luksUUID /dev/vdb)
grep -q '^vault ' /etc/crypttab 2>/dev/null || echo "vault UUID=$uuid $KEY luks" >> /etc/crypttab
grep -q ' /srv/vault ' /etc/fstab || echo '/dev/mapper/vault /srv/vault ext4 defaults 0 2' >> /etc/fstab
# move the files: mount the volume aside, copy, then wipe and drop the plaintext originals
install -d /mnt/vault-new
mount /dev/mapper/vault /mnt/vault-new
cp -a /srv/vault/. /mnt/vault-new/
( cd /srv/vault && sha256sum ./* ) > /tmp/vault.sha256
( cd /mnt/vault-new && sha256sum -c /tmp/vault.sha256 )
find /srv/vault -type f -exec shred -u {} +
umount /mnt/vault-new
rmdir /mnt/vault-new
systemctl daemon-reload
mount /srv/vault
chmod 750 /srv/vault
ls -l /srv/vault
findmnt /srv/vault
