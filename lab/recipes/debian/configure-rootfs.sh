#!/bin/bash
# Configure a debootstrapped Debian rootfs as an opsbench guest.
# Usage: configure-rootfs.sh ROOTFS PUBKEY LOGIN_USER APT_PROXY_URL [cloud]
# Identity (hostname, machine-id, task NICs) is applied by the lab after boot, so one image
# serves every node. With `cloud`, the image is left as a vendor cloud image is: no keys, no
# login user, no network config; cloud-init does all of it from the NoCloud seed.
set -euo pipefail
R=$1 PUBKEY=$2 LOGIN=$3 PROXY=$4 VARIANT=${5:-kernel}
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

: > "$R/etc/machine-id"                       # empty: a fresh id is made at first boot
rm -f "$R/var/lib/dbus/machine-id"
echo debian > "$R/etc/hostname"
printf '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n' > "$R/etc/hosts"
: > "$R/etc/resolv.conf"                       # debootstrap copied the host's
if [ "$VARIANT" = cloud ]; then
  echo 'LABEL=root / ext4 rw,errors=remount-ro 0 1' > "$R/etc/fstab"
else
  echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' > "$R/etc/fstab"
fi

mkdir -p "$R/etc/systemd/network"
chroot "$R" systemctl enable systemd-networkd.service >/dev/null 2>&1
chroot "$R" systemctl mask systemd-networkd-wait-online.service >/dev/null 2>&1 || true
echo "Acquire::http::Proxy \"$PROXY\";" > "$R/etc/apt/apt.conf.d/01opsbench-proxy"
echo 'APT::Install-Recommends "false";' > "$R/etc/apt/apt.conf.d/02opsbench-norecommends"
sed -i 's/^#\?PermitRootLogin.*/PermitRootLogin prohibit-password/; s/^#\?UseDNS.*/UseDNS no/; s/^#\?PasswordAuthentication.*/PasswordAuthentication no/' "$R/etc/ssh/sshd_config"
chroot "$R" systemctl enable serial-getty@ttyS0.service >/dev/null 2>&1 || true
mkdir -p "$R/etc/systemd/journald.conf.d"
printf '[Journal]\nSystemMaxUse=32M\n' > "$R/etc/systemd/journald.conf.d/opsbench.conf"
chroot "$R" systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer >/dev/null 2>&1 || true

if [ "$VARIANT" = cloud ]; then
  # NoCloud only: probing other datasources costs minutes of timeouts offline.
  mkdir -p "$R/etc/cloud/cloud.cfg.d"
  echo 'datasource_list: [ NoCloud, None ]' > "$R/etc/cloud/cloud.cfg.d/90-opsbench.cfg"
  rm -f "$R/etc/ssh/ssh_host_"*          # cloud-init makes fresh host keys per instance
  cat > "$R/boot/grub.cfg.opsbench" <<'GRUB'
set timeout=0
linux /vmlinuz root=LABEL=root ro console=ttyS0 quiet mitigations=off net.ifnames=0
initrd /initrd.img
boot
GRUB
  mkdir -p "$R/boot/grub"; mv "$R/boot/grub.cfg.opsbench" "$R/boot/grub/grub.cfg"
  rm -rf "$R"/var/cache/apt/archives/*.deb "$R"/var/cache/apt/*.bin "$R"/usr/share/doc/* "$R"/usr/share/man/* \
         "$R"/usr/share/locale/* "$R"/var/log/*.log "$R"/tmp/* "$R"/var/tmp/*
  exit 0
fi

# Management NIC (eth0, net.ifnames=0) by DHCP from the lab's static lease.
cat > "$R/etc/systemd/network/10-ob-mgmt.network" <<'NET'
[Match]
Name=eth0
[Network]
DHCP=ipv4
LinkLocalAddressing=no
IPv6AcceptRA=no
[DHCPv4]
ClientIdentifier=mac
UseDNS=no
NET

# SSH: root by key for the harness; the login user (sudo) for the agent.
install -d -m700 "$R/root/.ssh"; install -m600 "$PUBKEY" "$R/root/.ssh/authorized_keys"
chroot "$R" useradd -m -s /bin/bash -G sudo "$LOGIN" 2>/dev/null || true
echo "$LOGIN ALL=(ALL) NOPASSWD:ALL" > "$R/etc/sudoers.d/90-opsbench-login"; chmod 440 "$R/etc/sudoers.d/90-opsbench-login"
uid=$(chroot "$R" id -u "$LOGIN"); gid=$(chroot "$R" id -g "$LOGIN")
install -d -m700 -o "$uid" -g "$gid" "$R/home/$LOGIN/.ssh"
install -m600 -o "$uid" -g "$gid" "$PUBKEY" "$R/home/$LOGIN/.ssh/authorized_keys"

# Trim what a guest never needs.
rm -rf "$R"/var/cache/apt/archives/*.deb "$R"/var/cache/apt/*.bin "$R"/usr/share/doc/* "$R"/usr/share/man/* \
       "$R"/usr/share/locale/* "$R"/var/log/*.log "$R"/tmp/* "$R"/var/tmp/*
