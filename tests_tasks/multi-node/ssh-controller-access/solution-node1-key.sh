#!/bin/bash
# Reference solution, step 1 (node1): ops's key, node2's name; publish the public key briefly.
set -euo pipefail
sed -i '/[[:space:]]node2$/d' /etc/hosts
echo "$OB_ADDR_NODE2_PRIV node2" >> /etc/hosts
install -d -m 0700 -o ops -g ops /home/ops/.ssh
[ -f /home/ops/.ssh/id_ed25519 ] || runuser -u ops -- ssh-keygen -q -t ed25519 -N '' -C ops@node1 -f /home/ops/.ssh/id_ed25519
d=/run/ob-xfer; install -d "$d"; cp /home/ops/.ssh/id_ed25519.pub "$d/ops.pub"
setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE1_PRIV" --directory "$d" \
  >/dev/null 2>&1 < /dev/null &
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ops.pub" >/dev/null && exit 0; sleep 0.2; done
echo "key server did not come up" >&2; exit 1
