#!/bin/bash
# Reference solution: sudo's own log file (one line per command, unwrapped) and I/O logging
# of output into /var/log/sudo-io (sudo creates both root-only); a sudoers drop-in checked with
# visudo before it is installed.
set -euo pipefail
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
ls -ld /var/log/sudo.log /var/log/sudo-io
