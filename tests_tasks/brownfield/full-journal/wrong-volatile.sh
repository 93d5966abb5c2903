#!/bin/bash
# must fail req-2: the journal is made volatile (kept in RAM under /run) and its files on /var/log deleted: /var/log has room, but nothing is stored on disk any more and no earlier boot can be read
set -euo pipefail
printf '[Journal]\nStorage=volatile\nRuntimeMaxUse=64M\n' > /etc/systemd/journald.conf.d/zz-volatile.conf
systemctl restart systemd-journald
rm -rf /var/log/journal/*
df -h /var/log
