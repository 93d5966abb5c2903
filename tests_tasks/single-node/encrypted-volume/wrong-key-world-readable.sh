#!/bin/bash
# must fail req-4: the key file is written with the default umask (mode 644 in a world-readable folder): any user can read the key and open the volume
set -euo pipefail
pkgs=cryptsetup-bin
apt-cache show systemd-cryptsetup >/dev/null 2>&1 && pkgs="$pkgs systemd-cryptsetup"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs
modprobe dm_crypt
mkdir -p /etc/luks
KEY=/etc/luks/vault.key
[ -s "$KEY" ] || dd if=/dev/urandom of="$KEY" bs=512 count=8 status=none
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
( cd /srv/vault && sha256sum ./* ) > /tmp/vault.sha256
( cd /mnt/vault-new && sha256sum -c /tmp/vault.sha256 )
find /srv/vault -type f -exec shred -u {} +
umount /mnt/vault-new
rmdir /mnt/vault-new
systemctl daemon-reload
mount /srv/vault
chmod 750 /srv/vault
ls -l "$KEY" /srv/vault
