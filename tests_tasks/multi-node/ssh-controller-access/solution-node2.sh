#!/bin/bash
# Reference solution, step 2 (node2): ops with a locked password, the key, two sudo commands.
set -euo pipefail
. tasklib/http-handoff.sh
. ./ops-node2.sh
id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops
usermod -p '!' ops
ops_authorized_key
ops_webapp_sudo
