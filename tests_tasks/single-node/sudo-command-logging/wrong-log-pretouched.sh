#!/bin/bash
# must fail req-4: the log file is created beforehand with touch (mode 644 from the umask); sudo appends to it as it is, so every user can read the command log
set -euo pipefail
. ./sudoers.sh
touch /var/log/sudo.log
install -d -m 700 /var/log/sudo-io
audit_sudoers /etc/sudoers.d/10-audit
sudo -n true
ls -l /var/log/sudo.log
