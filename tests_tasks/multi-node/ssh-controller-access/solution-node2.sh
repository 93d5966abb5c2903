#!/bin/bash
# Reference solution, step 2 (node2): ops with a locked password, the key, two sudo commands.
set -euo pipefail
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
usermod -p '!' ops
install -d -m 0700 -o ops -g ops /home/ops/.ssh
curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ops.pub" > /home/ops/.ssh/authorized_keys
chown ops:ops /home/ops/.ssh/authorized_keys; chmod 0600 /home/ops/.ssh/authorized_keys
cat > /etc/sudoers.d/ops-webapp <<'SUDO'
ops ALL=(root) NOPASSWD: /usr/bin/systemctl restart webapp, /usr/bin/systemctl status webapp
SUDO
chmod 0440 /etc/sudoers.d/ops-webapp
visudo -cf /etc/sudoers.d/ops-webapp
