#!/bin/bash
# must fail req-4: the key file is written with the default umask (mode 644 in a world-readable folder): any user can read the key and open the volume
set -euo pipefail
. ./luks.sh
install_cryptsetup
mkdir -p /etc/luks
KEY=/etc/luks/vault.key
[ -s "$KEY" ] || dd if=/dev/urandom of="$KEY" bs=512 count=8 status=none
luks_volume
boot_entries
move_files
mount_vault
ls -l "$KEY" /srv/vault
