#!/bin/bash
# install_pkgs PKG...: apt-get install (no recommends, quiet, log in
# /var/log/ob-prepare-install.log), after an `apt-get update` only when the first try fails.
# The guest boots its kernel directly (no initramfs of its own), so update-initramfs is turned
# off for the install and its setting restored afterwards. Debian family; for prepare scripts.
install_pkgs() {
  # the guest boots its kernel directly (no initramfs of its own): skip the slow rebuild
  if [ -f /etc/initramfs-tools/update-initramfs.conf ]; then
    cp /etc/initramfs-tools/update-initramfs.conf /run/ob-update-initramfs.conf
    sed -i 's/^update_initramfs=.*/update_initramfs=no/' /etc/initramfs-tools/update-initramfs.conf
  fi
  do_install "$@"
  if [ -f /run/ob-update-initramfs.conf ]; then
    cp /run/ob-update-initramfs.conf /etc/initramfs-tools/update-initramfs.conf
  fi
}
do_install() {
  apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1 || {
    apt-get update -q </dev/null >/dev/null
    apt-get install -y -q --no-install-recommends "$@" </dev/null >/var/log/ob-prepare-install.log 2>&1
  }
}
