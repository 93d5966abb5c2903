#!/bin/bash
# Reference solution, step 1 (node1), rhel family, written, NOT validated: as solution-node1-key.sh
# (rsync, the dedicated key, its public half served briefly on the private address), with rsync
# from dnf and the hand-off port let through firewalld (runtime only) for node2 to fetch the key.
# Learned from open-sudo/infraset jobs/multi-node-os-comparison/rhel10/config-sync-rhel10/…__oijXoiw
# (no rsync in the image; root's ~/.ssh there; root-to-root ssh with a key works under SELinux).
set -euo pipefail
. tasklib/ssh-job.sh
command -v rsync >/dev/null || dnf -y -q install rsync
ssh_job_key appcfg_sync
