#!/bin/bash
# must fail req-3: the sudo rule is shortened to `systemctl * webapp`; sudo's `*` matches any arguments, so ops may also stop or start webapp (and anything else ending in "webapp")
# steps: node1:solution-node1-key.sh node2 node1:solution-node1-finish.sh
set -euo pipefail
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
usermod -p '!' ops
install -d -m 0700 -o ops -g ops /home/ops/.ssh
curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ops.pub" > /home/ops/.ssh/authorized_keys
chown ops:ops /home/ops/.ssh/authorized_keys; chmod 0600 /home/ops/.ssh/authorized_keys
cat > /etc/sudoers.d/ops-webapp <<'SUDO'
ops ALL=(root) NOPASSWD: /usr/bin/systemctl * webapp
SUDO
chmod 0440 /etc/sudoers.d/ops-webapp
visudo -cf /etc/sudoers.d/ops-webapp
