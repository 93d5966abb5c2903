#!/bin/bash
# must fail req-3: the files are copied onto the volume, which is then mounted over /srv/vault; the plaintext originals are never deleted, only hidden under the mount point on the root disk
set -euo pipefail
. ./luks.sh
install_cryptsetup
install -d -m 700 /etc/cryptsetup-keys.d
KEY=/etc/cryptsetup-keys.d/vault.key
[ -s "$KEY" ] || head -c 4096 /dev/urandom > "$KEY"
chmod 400 "$KEY"
luks_volume
boot_entries
install -d /mnt/vault-new
mount /dev/mapper/vault /mnt/vault-new
cp -a /srv/vault/. /mnt/vault-new/
umount /mnt/vault-new
rmdir /mnt/vault-new
mount_vault
ls -l /srv/vault
