#!/bin/bash
# must fail req-3: the sudo rule is shortened to `systemctl * webapp`; sudo's `*` matches any arguments, so ops may also stop or start webapp (and anything else ending in "webapp")
# steps: node1:solution-node1-key.sh node2 node1:solution-node1-finish.sh
# rhel family, written, NOT validated: the same mistake as wrong-systemctl-wildcard.sh; ops's ~/.ssh
# relabelled for SELinux as in solution-node2.rhel.sh
set -euo pipefail
. tasklib/http-handoff.sh
. ./ops-node2.sh
. ./ops-el.sh
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
usermod -p '!' ops
ops_authorized_key
ops_ssh_labels
cat > /etc/sudoers.d/ops-webapp <<'SUDO'
ops ALL=(root) NOPASSWD: /usr/bin/systemctl * webapp
SUDO
chmod 0440 /etc/sudoers.d/ops-webapp
visudo -cf /etc/sudoers.d/ops-webapp
