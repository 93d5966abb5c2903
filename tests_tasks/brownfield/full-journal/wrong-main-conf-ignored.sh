#!/bin/bash
# must fail req-3: SystemMaxUse=64M goes into /etc/systemd/journald.conf, but the drop-in retention.conf is read after it and its SystemMaxUse=8G wins
set -euo pipefail
if grep -qE '^#?SystemMaxUse=' /etc/systemd/journald.conf 2>/dev/null; then
  sed -i -E 's/^#?SystemMaxUse=.*/SystemMaxUse=64M/' /etc/systemd/journald.conf
else
  printf '[Journal]\nSystemMaxUse=64M\n' >> /etc/systemd/journald.conf
fi
systemctl restart systemd-journald
journalctl --vacuum-size=64M
journalctl --disk-usage
df -h /var/log
