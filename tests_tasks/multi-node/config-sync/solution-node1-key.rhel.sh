#!/bin/bash
# Reference solution, step 1 (node1), rhel family, written, NOT validated: as solution-node1-key.sh
# (rsync, the dedicated key, its public half served briefly on the private address), with rsync
# from dnf and the hand-off port let through firewalld (runtime only) for node2 to fetch the key.
# Learned from open-sudo/infraset jobs/multi-node-os-comparison/rhel10/config-sync-rhel10/…__oijXoiw
# (no rsync in the image; root's ~/.ssh there; root-to-root ssh with a key works under SELinux).
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/http-handoff-firewalld.sh
command -v rsync >/dev/null || dnf -y -q install rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/appcfg_sync ] || ssh-keygen -q -t ed25519 -N '' -C appcfg-sync -f /root/.ssh/appcfg_sync
handoff_put /root/.ssh/appcfg_sync.pub
handoff_open
handoff_serve "$OB_ADDR_NODE1_PRIV" appcfg_sync.pub
