#!/bin/bash
# Part of the rhel-family scripts (*.rhel.sh) on node2.

# ops_ssh_labels: ops's ~/.ssh (made by root with install -d) gets its SELinux labels back
# (ssh_home_t), which sshd needs to read authorized_keys under enforcing SELinux.
ops_ssh_labels() {
  command -v restorecon >/dev/null || return 0
  restorecon -R /home/ops/.ssh
}
