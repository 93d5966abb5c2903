#!/bin/bash
# must fail req-1: the global settings are right, but the Match block at the end still lets tapebot in with its password
set -euo pipefail
. tasklib/sshd-restart.sh
rm -f /etc/ssh/sshd_config.d/20-legacy-access.conf
printf 'PasswordAuthentication no\nKbdInteractiveAuthentication no\n' > /etc/ssh/sshd_config.d/00-key-only.conf
sshd -t
sshd_restart
sshd_listening
