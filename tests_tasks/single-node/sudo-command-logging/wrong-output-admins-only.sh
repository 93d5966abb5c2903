#!/bin/bash
# must fail req-3: every command is logged, but output is recorded only for dana, the account with full rights; erin's sudo sessions are not recorded
set -euo pipefail
. ./sudoers.sh
install_sudoers /etc/sudoers.d/10-audit <<'SUDO'
Defaults logfile="/var/log/sudo.log"
Defaults loglinelen=0
Defaults iolog_dir="/var/log/sudo-io"
Defaults:dana log_output
SUDO
sudo -n true
