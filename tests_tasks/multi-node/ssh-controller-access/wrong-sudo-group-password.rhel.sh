#!/bin/bash
# must fail req-3, req-4: ops gets a random password and the sudo group "for everything else", with NOPASSWD only for the two webapp commands: with that password ops can log in and run anything through sudo
# steps: node1:solution-node1-key.sh node2 node1:solution-node1-finish.sh
# rhel family, written, NOT validated: the same mistake with EL's administrators' group, wheel
# (sudoers: %wheel ALL=(ALL) ALL; there is no sudo group), and ops's ~/.ssh relabelled for SELinux
# as in solution-node2.rhel.sh
set -euo pipefail
. tasklib/http-handoff.sh
. ./ops-node2.sh
. ./ops-el.sh
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
echo "ops:$(head -c 18 /dev/urandom | base64 | tr -d '/+=')" | chpasswd
usermod -aG wheel ops
ops_authorized_key
ops_ssh_labels
ops_webapp_sudo
