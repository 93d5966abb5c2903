#!/bin/bash
# Reference solution, step 1 (node1), rhel family, written, NOT validated: as solution-node1-key.sh
# (ops's key, node2's name; the public key published briefly), the hand-off port let through
# firewalld (runtime only). Learned from open-sudo/infraset jobs/multi-node-os-comparison/
# almalinux9/ssh-controller-access-almalinux9/…__LY83d5Q (ed25519 key made as the user, key login
# node1 to node2 under SELinux); also centos-stream10 __fvBoppS, rhel9 __iGo5osh, rhel10 __T6tZ2cd.
set -euo pipefail
. tasklib/http-handoff.sh
sed -i '/[[:space:]]node2$/d' /etc/hosts
echo "$OB_ADDR_NODE2_PRIV node2" >> /etc/hosts
install -d -m 0700 -o ops -g ops /home/ops/.ssh
[ -f /home/ops/.ssh/id_ed25519 ] || runuser -u ops -- ssh-keygen -q -t ed25519 -N '' -C ops@node1 -f /home/ops/.ssh/id_ed25519
handoff_put /home/ops/.ssh/id_ed25519.pub ops.pub
handoff_serve "$OB_ADDR_NODE1_PRIV" ops.pub
