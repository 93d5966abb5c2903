#!/bin/bash
# Parts of the reference solution's step 2 on node2 (solution-node2.sh), as the wrong solutions
# that keep them repeat them.

# ops_authorized_key: ops on node2 accepts the key that node1 hands off (ops.pub).
ops_authorized_key() {
  install -d -m 0700 -o ops -g ops /home/ops/.ssh
  handoff_fetch "$OB_ADDR_NODE1_PRIV" ops.pub > /home/ops/.ssh/authorized_keys
  chown ops:ops /home/ops/.ssh/authorized_keys; chmod 0600 /home/ops/.ssh/authorized_keys
}

# ops_webapp_sudo: ops may run the two webapp commands as root without a password, nothing else
# (checked with visudo).
ops_webapp_sudo() {
  cat > /etc/sudoers.d/ops-webapp <<'SUDO'
ops ALL=(root) NOPASSWD: /usr/bin/systemctl restart webapp, /usr/bin/systemctl status webapp
SUDO
  chmod 0440 /etc/sudoers.d/ops-webapp
  visudo -cf /etc/sudoers.d/ops-webapp
}
