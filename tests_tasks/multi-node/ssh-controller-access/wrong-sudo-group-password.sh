#!/bin/bash
# must fail req-3, req-4: ops gets a random password and the sudo group "for everything else", with NOPASSWD only for the two webapp commands: with that password ops can log in and run anything through sudo
# steps: node1:solution-node1-key.sh node2 node1:solution-node1-finish.sh
set -euo pipefail
. tasklib/http-handoff.sh
. ./ops-node2.sh
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
echo "ops:$(head -c 18 /dev/urandom | base64 | tr -d '/+=')" | chpasswd
usermod -aG sudo ops
ops_authorized_key
ops_webapp_sudo
