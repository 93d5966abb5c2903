#!/bin/bash
# Reference solution, step 1 (node1): rsync, the dedicated key, and a short-lived HTTP server on
# the private address so node2 can fetch the public key.
set -euo pipefail
. tasklib/http-handoff.sh
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/appcfg_sync ] || ssh-keygen -q -t ed25519 -N '' -C appcfg-sync -f /root/.ssh/appcfg_sync
handoff_put /root/.ssh/appcfg_sync.pub
handoff_serve "$OB_ADDR_NODE1_PRIV" appcfg_sync.pub
