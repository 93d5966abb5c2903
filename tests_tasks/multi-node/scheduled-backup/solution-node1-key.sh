#!/bin/bash
# Reference solution, step 1 (node1): rsync, a dedicated key, publish its public half briefly.
set -euo pipefail
. tasklib/http-handoff.sh
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/backup_records ] || ssh-keygen -q -t ed25519 -N '' -C backup-records -f /root/.ssh/backup_records
handoff_put /root/.ssh/backup_records.pub
handoff_serve "$OB_ADDR_NODE1_PRIV" backup_records.pub
