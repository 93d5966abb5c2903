#!/bin/bash
# Reference solution: the debugging drop-in retention.conf is what lifted the limits (it wins over
# journald.conf): cap the journal there at 64 MiB, restart journald so the cap applies now, and
# rotate, which makes journald vacuum its archived files down to the cap.
set -euo pipefail
cat > /etc/systemd/journald.conf.d/retention.conf <<'CONF'
# INC-4471 is over: the journal is capped again (at most 64 MiB of /var/log)
[Journal]
Storage=persistent
SystemMaxUse=64M
SystemMaxFileSize=8M
CONF
systemctl restart systemd-journald
journalctl --rotate
journalctl --vacuum-size=64M
journalctl --disk-usage
df -h /var/log
