#!/bin/bash
# must fail req-3: every command is logged, but output is recorded only for dana, the account with full rights; erin's sudo sessions are not recorded
set -euo pipefail
tmp=$(mktemp)
cat > "$tmp" <<'SUDO'
Defaults logfile="/var/log/sudo.log"
Defaults loglinelen=0
Defaults iolog_dir="/var/log/sudo-io"
Defaults:dana log_output
SUDO
visudo -cqf "$tmp"
install -m 440 -o root -g root "$tmp" /etc/sudoers.d/10-audit
rm -f "$tmp"
visudo -cq
sudo -n true
