#!/bin/bash
# must fail req-2: the members may run systemctl with any arguments as root: every unit, every verb (stop, edit, restart of other services)
set -euo pipefail
. tasklib/sudoers.sh
sudoers_install /etc/sudoers.d/50-operators <<SUDO
%operators ALL=(ALL) NOPASSWD: $(command -v systemctl)
SUDO
su - dana -c 'sudo -n -l'
