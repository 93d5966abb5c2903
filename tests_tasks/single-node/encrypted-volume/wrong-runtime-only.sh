#!/bin/bash
# must fail req-1, req-2, req-4: the volume is created, opened and mounted by hand, with no crypttab or fstab entry: nothing unlocks or mounts it at boot, so /srv/vault is an empty folder after node1 reboots
set -euo pipefail
. ./luks.sh
install_cryptsetup
install -d -m 700 /etc/luks
KEY=/etc/luks/vault.key
[ -s "$KEY" ] || head -c 4096 /dev/urandom > "$KEY"
chmod 400 "$KEY"
luks_volume
move_files
mount /dev/mapper/vault /srv/vault
chmod 750 /srv/vault
findmnt /srv/vault
