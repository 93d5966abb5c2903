#!/bin/bash
# must fail req-1, req-2: the settings go into sshd_config itself, which the drop-in included before them overrides (sshd keeps the first value)
set -euo pipefail
. tasklib/sshd-restart.sh
sed -i -E '/^Match /,$!{s/^#?\s*(PasswordAuthentication|KbdInteractiveAuthentication)\b.*/\1 no/I}' /etc/ssh/sshd_config
grep -qiE '^PasswordAuthentication no' /etc/ssh/sshd_config || sed -i '/^Include /a PasswordAuthentication no' /etc/ssh/sshd_config
grep -qiE '^KbdInteractiveAuthentication no' /etc/ssh/sshd_config || sed -i '/^Include /a KbdInteractiveAuthentication no' /etc/ssh/sshd_config
sshd -t
sshd_restart
sshd_listening
