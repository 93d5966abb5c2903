#!/bin/bash
# must fail req-3, req-4: ops gets a random password and the sudo group "for everything else", with NOPASSWD only for the two webapp commands: with that password ops can log in and run anything through sudo
# steps: node1:solution-node1-key.sh node2 node1:solution-node1-finish.sh
set -euo pipefail
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
echo "ops:$(head -c 18 /dev/urandom | base64 | tr -d '/+=')" | chpasswd
usermod -aG sudo ops
install -d -m 0700 -o ops -g ops /home/ops/.ssh
curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ops.pub" > /home/ops/.ssh/authorized_keys
chown ops:ops /home/ops/.ssh/authorized_keys; chmod 0600 /home/ops/.ssh/authorized_keys
cat > /etc/sudoers.d/ops-webapp <<'SUDO'
ops ALL=(root) NOPASSWD: /usr/bin/systemctl restart webapp, /usr/bin/systemctl status webapp
SUDO
chmod 0440 /etc/sudoers.d/ops-webapp
visudo -cf /etc/sudoers.d/ops-webapp
