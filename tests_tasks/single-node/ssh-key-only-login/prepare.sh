#!/bin/bash
# Starting condition: sshd accepts passwords (password and keyboard-interactive, through a
# drop-in that wins over the main file), with an extra Match block for tapebot at the end of
# sshd_config. carol and tapebot have known passwords (fixed-salt SHA-512 hashes, so the checks
# can tell they were not changed) and an authorized_keys file each.
set -euo pipefail
. tasklib/sshd-restart.sh
for u in carol tapebot; do
  id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"
  install -d -m 700 -o "$u" -g "$u" "/home/$u/.ssh"
  touch "/home/$u/.ssh/authorized_keys"
  chown "$u:$u" "/home/$u/.ssh/authorized_keys"; chmod 600 "/home/$u/.ssh/authorized_keys"
done
usermod -p "$(openssl passwd -6 -salt obcarolsalt Sunflower-42)" carol
usermod -p "$(openssl passwd -6 -salt obtapesalt Tape-Rotation-7)" tapebot
install -d /etc/ssh/sshd_config.d
grep -qiE '^\s*Include\s+/etc/ssh/sshd_config.d/' /etc/ssh/sshd_config || \
  sed -i '1i Include /etc/ssh/sshd_config.d/*.conf' /etc/ssh/sshd_config
printf 'PasswordAuthentication yes\nKbdInteractiveAuthentication yes\n' > /etc/ssh/sshd_config.d/20-legacy-access.conf
if ! grep -q '^Match User tapebot' /etc/ssh/sshd_config; then
  printf '\n# tape robot scripts log in with a password\nMatch User tapebot\n    PasswordAuthentication yes\n' >> /etc/ssh/sshd_config
fi
sshd -t
sshd_restart
sshd_listening
