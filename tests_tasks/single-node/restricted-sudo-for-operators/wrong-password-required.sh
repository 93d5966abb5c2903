#!/bin/bash
# must fail req-1: the right commands for the group, but without NOPASSWD: sudo asks the operators for a password they do not have
set -euo pipefail
. tasklib/sudoers.sh
systemctl=$(command -v systemctl)
sudoers_install /etc/sudoers.d/50-operators <<SUDO
%operators ALL=(root) $systemctl restart inventory, $systemctl status inventory
SUDO
visudo -c
