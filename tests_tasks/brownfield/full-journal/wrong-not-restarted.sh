#!/bin/bash
# must fail req-3: the cap is written into retention.conf and the journal vacuumed by hand, but journald is not restarted: it keeps running without a limit until the next boot
set -euo pipefail
sed -i 's/^SystemMaxUse=8G$/SystemMaxUse=64M/; /^SystemKeepFree=0$/d' /etc/systemd/journald.conf.d/retention.conf
cat /etc/systemd/journald.conf.d/retention.conf
journalctl --vacuum-size=64M
df -h /var/log
