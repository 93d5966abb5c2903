#!/bin/bash
# must fail req-1, req-2, req-3: the settings go into /etc/sudoers.d/audit.conf, which sudo's #includedir silently skips (file names with a dot are ignored), so nothing is logged
set -euo pipefail
tmp=$(mktemp)
cat > "$tmp" <<'SUDO'
Defaults logfile="/var/log/sudo.log"
Defaults loglinelen=0
Defaults log_output
Defaults iolog_dir="/var/log/sudo-io"
SUDO
visudo -cqf "$tmp"
install -m 440 -o root -g root "$tmp" /etc/sudoers.d/audit.conf
rm -f "$tmp"
visudo -cq
sudo -n true
