#!/bin/bash
# Reference solution, step 2 (node2), rhel family, written, NOT validated: as solution-node2.sh (ops
# with a locked password, the key, two sudo commands), ops's ~/.ssh relabelled for SELinux.
set -euo pipefail
. tasklib/http-handoff.sh
. ./ops-node2.sh
. ./ops-el.sh
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
usermod -p '!' ops
ops_authorized_key
ops_ssh_labels
ops_webapp_sudo
