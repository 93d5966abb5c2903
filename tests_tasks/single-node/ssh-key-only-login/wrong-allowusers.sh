#!/bin/bash
# must fail req-3: passwords off, plus an AllowUsers of the accounts in the ticket and its own: every other account's key login is shut out
set -euo pipefail
. tasklib/sshd-restart.sh
cat > /etc/ssh/sshd_config.d/00-key-only.conf <<'CONF'
PasswordAuthentication no
KbdInteractiveAuthentication no
AllowUsers admin carol tapebot
CONF
sed -i -E 's/^(\s*)(PasswordAuthentication|KbdInteractiveAuthentication)\s+yes/\1\2 no/I' \
  /etc/ssh/sshd_config /etc/ssh/sshd_config.d/*.conf
sshd -t
sshd_restart
sshd_listening
