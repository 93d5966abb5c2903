#!/bin/bash
# Reference solution: turn password and keyboard-interactive authentication off where they are
# set (the drop-in and the Match block), and put a first-read drop-in that disables both, so no
# later line can turn them back on for the global section. Keys stay on.
set -euo pipefail
. tasklib/sshd-restart.sh
cat > /etc/ssh/sshd_config.d/00-key-only.conf <<'CONF'
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
CONF
sed -i -E 's/^(\s*)(PasswordAuthentication|KbdInteractiveAuthentication|ChallengeResponseAuthentication)\s+yes/\1\2 no/I' \
  /etc/ssh/sshd_config /etc/ssh/sshd_config.d/*.conf
sshd -t
for u in carol tapebot nosuchuser; do
  sshd -T -C "user=$u,host=localhost,addr=127.0.0.1" | grep -Ei '^(passwordauthentication|kbdinteractiveauthentication) '
done
sshd_restart
sshd_listening
