#!/bin/bash
# Reference solution: cryptsetup (LUKS2, key file only: a random 4 KiB key file in
# /etc/cryptsetup-keys.d, mode 0400), ext4 on the mapping, crypttab + fstab entries so that
# systemd-cryptsetup opens it and mounts it at boot; the files are moved over and the old
# directory's blocks are overwritten before it is removed.
set -euo pipefail
. ./luks.sh
install_cryptsetup
install -d -m 700 /etc/cryptsetup-keys.d
KEY=/etc/cryptsetup-keys.d/vault.key
[ -s "$KEY" ] || { head -c 4096 /dev/urandom > "$KEY"; }
chmod 400 "$KEY"
luks_volume
boot_entries
# move the files: mount the volume aside, copy, then wipe and drop the plaintext originals
move_files
mount_vault
ls -l /srv/vault
findmnt /srv/vault
