#!/bin/bash
# The steps this task's reference shares with its wrong solutions; "$KEY" is the script's key file.

# install_cryptsetup: cryptsetup, systemd-cryptsetup where there is one, and dm_crypt loaded.
# Debian 13 split the crypttab generator out of systemd: without systemd-cryptsetup nothing opens
# the volume at boot and the node stops in emergency mode waiting for /dev/mapper/vault
install_cryptsetup() {
  pkgs=cryptsetup-bin
  apt-cache show systemd-cryptsetup >/dev/null 2>&1 && pkgs="$pkgs systemd-cryptsetup"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs
  modprobe dm_crypt
}

# luks_volume: /dev/vdb made LUKS2 with "$KEY" as its only key, opened as /dev/mapper/vault,
# with ext4 on it (each step only if not done yet)
luks_volume() {
  cryptsetup isLuks /dev/vdb || cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 \
    --pbkdf-force-iterations 200000 --key-file "$KEY" /dev/vdb
  [ -e /dev/mapper/vault ] || cryptsetup open --key-file "$KEY" /dev/vdb vault
  blkid /dev/mapper/vault >/dev/null 2>&1 || mkfs.ext4 -q -L vault /dev/mapper/vault
}

# boot_entries: the crypttab line that unlocks it with "$KEY" and the fstab line that mounts it
boot_entries() {
  uuid=$(cryptsetup luksUUID /dev/vdb)
  grep -q '^vault ' /etc/crypttab 2>/dev/null || echo "vault UUID=$uuid $KEY luks" >> /etc/crypttab
  grep -q ' /srv/vault ' /etc/fstab || echo '/dev/mapper/vault /srv/vault ext4 defaults 0 2' >> /etc/fstab
}

# move_files: the files copied onto the volume (mounted aside), checked, then the plaintext
# originals overwritten and removed
move_files() {
  install -d /mnt/vault-new
  mount /dev/mapper/vault /mnt/vault-new
  cp -a /srv/vault/. /mnt/vault-new/
  ( cd /srv/vault && sha256sum ./* ) > /tmp/vault.sha256
  ( cd /mnt/vault-new && sha256sum -c /tmp/vault.sha256 )
  find /srv/vault -type f -exec shred -u {} +
  umount /mnt/vault-new
  rmdir /mnt/vault-new
}

# mount_vault: /srv/vault mounted through its fstab entry
mount_vault() {
  systemctl daemon-reload
  mount /srv/vault
  chmod 750 /srv/vault
}
