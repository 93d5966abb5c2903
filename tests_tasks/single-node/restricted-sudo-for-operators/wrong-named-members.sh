#!/bin/bash
# must fail req-1: the rule names today's members dana and eli instead of the group, so an account that joins operators later gets nothing
set -euo pipefail
. tasklib/sudoers.sh
systemctl=$(command -v systemctl)
sudoers_install /etc/sudoers.d/50-operators <<SUDO
User_Alias OPERATORS = dana, eli
OPERATORS ALL=(root) NOPASSWD: $systemctl restart inventory, $systemctl status inventory
SUDO
su - dana -c 'sudo -n -l'
