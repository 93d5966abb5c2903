#!/bin/bash
# Reference solution, step 1 (node1): rsync, a dedicated key, publish its public half briefly.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/backup_records ] || ssh-keygen -q -t ed25519 -N '' -C backup-records -f /root/.ssh/backup_records
d=/run/ob-xfer; install -d "$d"; cp /root/.ssh/backup_records.pub "$d/"
setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE1_PRIV" --directory "$d" \
  >/dev/null 2>&1 < /dev/null &
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/backup_records.pub" >/dev/null && exit 0; sleep 0.2; done
echo "key server did not come up" >&2; exit 1
