#!/bin/bash
# must fail req-1: the global settings are right, but the Match block at the end still lets tapebot in with its password
set -euo pipefail
rm -f /etc/ssh/sshd_config.d/20-legacy-access.conf
printf 'PasswordAuthentication no\nKbdInteractiveAuthentication no\n' > /etc/ssh/sshd_config.d/00-key-only.conf
sshd -t
systemctl restart ssh.service 2>/dev/null || systemctl restart sshd.service
for i in $(seq 50); do ss -Hltn 'sport = :22' | grep -q . && exit 0; sleep 0.2; done
exit 1
