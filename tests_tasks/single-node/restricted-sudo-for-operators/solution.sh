#!/bin/bash
# Reference solution: one sudoers drop-in for the group (%operators, so members to come are
# covered), listing each allowed command line in full. Without a wildcard no other unit, verb or
# extra argument matches. The path is the one sudo finds first in its secure_path.
set -euo pipefail
. tasklib/sudoers.sh
systemctl=$(command -v systemctl)
sudoers_install /etc/sudoers.d/50-operators <<SUDO
# operators: restart inventory and see its status, nothing else
Cmnd_Alias INVENTORY_OPS = $systemctl restart inventory, $systemctl restart inventory.service, \\
                           $systemctl status inventory, $systemctl status inventory.service
%operators ALL=(root) NOPASSWD: INVENTORY_OPS
SUDO
su - dana -c 'sudo -n -l'
