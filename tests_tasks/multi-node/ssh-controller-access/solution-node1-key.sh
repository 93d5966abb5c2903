#!/bin/bash
# Reference solution, step 1 (node1): ops's key, node2's name; publish the public key briefly.
set -euo pipefail
. tasklib/http-handoff.sh
sed -i '/[[:space:]]node2$/d' /etc/hosts
echo "$OB_ADDR_NODE2_PRIV node2" >> /etc/hosts
install -d -m 0700 -o ops -g ops /home/ops/.ssh
[ -f /home/ops/.ssh/id_ed25519 ] || runuser -u ops -- ssh-keygen -q -t ed25519 -N '' -C ops@node1 -f /home/ops/.ssh/id_ed25519
handoff_put /home/ops/.ssh/id_ed25519.pub ops.pub
handoff_serve "$OB_ADDR_NODE1_PRIV" ops.pub
