#!/bin/bash
# must fail req-4: the log file is created beforehand with touch (mode 644 from the umask); sudo appends to it as it is, so every user can read the command log
set -euo pipefail
touch /var/log/sudo.log
install -d -m 700 /var/log/sudo-io
tmp=$(mktemp)
cat > "$tmp" <<'SUDO'
Defaults logfile="/var/log/sudo.log"
Defaults loglinelen=0
Defaults log_output
Defaults iolog_dir="/var/log/sudo-io"
SUDO
visudo -cqf "$tmp"
install -m 440 -o root -g root "$tmp" /etc/sudoers.d/10-audit
rm -f "$tmp"
visudo -cq
sudo -n true
ls -l /var/log/sudo.log
