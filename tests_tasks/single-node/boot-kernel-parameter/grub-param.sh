#!/bin/bash
# grub_param: transparent_hugepage=never ($P) on the kernel command line of every GRUB boot entry
# (Debian). With GRUB's config tooling (/etc/default/grub + update-grub) that is
# GRUB_CMDLINE_LINUX; the opsbench cloud image, like some minimal cloud images, has a
# hand-written /boot/grub/grub.cfg and no grub-mkconfig, so there the `linux` lines of grub.cfg
# are edited directly.
grub_param() {
  P=transparent_hugepage=never
  if [ -f /etc/default/grub ] && command -v update-grub >/dev/null; then
    install -d /etc/default/grub.d
    echo "GRUB_CMDLINE_LINUX=\"\$GRUB_CMDLINE_LINUX $P\"" > /etc/default/grub.d/90-thp.cfg
    update-grub
  else
    cfg=/boot/grub/grub.cfg
    cp -a "$cfg" "$cfg.bak-thp"
    # append to every kernel line that lacks it (lines starting with optional blanks and `linux`)
    sed -i -E "/^[[:space:]]*linux(16)?[[:space:]]/{/(^|[[:space:]])$P([[:space:]]|\$)/!s/\$/ $P/}" "$cfg"
    grep -E '^[[:space:]]*linux' "$cfg"
  fi
}
