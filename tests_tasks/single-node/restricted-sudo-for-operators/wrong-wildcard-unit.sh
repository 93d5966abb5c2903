#!/bin/bash
# must fail req-2: "inventory*" is meant for inventory and inventory.service, but sudo matches a wildcard against all the arguments at once, so "restart inventory.service <another unit>" restarts that unit too
set -euo pipefail
. tasklib/sudoers.sh
systemctl=$(command -v systemctl)
sudoers_install /etc/sudoers.d/50-operators <<SUDO
%operators ALL=(root) NOPASSWD: $systemctl restart inventory*, $systemctl status inventory*
SUDO
su - dana -c 'sudo -n -l'
