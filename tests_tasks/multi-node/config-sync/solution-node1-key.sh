#!/bin/bash
# Reference solution, step 1 (node1): rsync, the dedicated key, and a short-lived HTTP server on
# the private address so node2 can fetch the public key.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/appcfg_sync ] || ssh-keygen -q -t ed25519 -N '' -C appcfg-sync -f /root/.ssh/appcfg_sync
d=/run/ob-xfer; install -d "$d"; cp /root/.ssh/appcfg_sync.pub "$d/"
setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE1_PRIV" --directory "$d" \
  >/dev/null 2>&1 < /dev/null &
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/appcfg_sync.pub" >/dev/null && exit 0; sleep 0.2; done
echo "key server did not come up" >&2; exit 1
