#!/bin/bash
# must fail req-1: the boot parameter is added, but THP is not switched off on the running system: it stays on until someone reboots
set -euo pipefail
P=transparent_hugepage=never
if [ -f /etc/default/grub ] && command -v update-grub >/dev/null; then
  install -d /etc/default/grub.d
  echo "GRUB_CMDLINE_LINUX=\"\$GRUB_CMDLINE_LINUX $P\"" > /etc/default/grub.d/90-thp.cfg
  update-grub
else
  cfg=/boot/grub/grub.cfg
  cp -a "$cfg" "$cfg.bak-thp"
  sed -i -E "/^[[:space:]]*linux(16)?[[:space:]]/{/(^|[[:space:]])$P([[:space:]]|\$)/!s/\$/ $P/}" "$cfg"
  grep -E '^[[:space:]]*linux' "$cfg"
fi
echo "THP will be off after the next reboot"
