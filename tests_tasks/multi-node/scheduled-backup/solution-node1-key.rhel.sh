#!/bin/bash
# Reference solution, step 1 (node1), rhel family, written, NOT validated: as solution-node1-key.sh
# (rsync, a dedicated key, its public half served briefly), with rsync from dnf and the hand-off
# port let through firewalld (runtime only). Learned from open-sudo/infraset jobs/
# multi-node-os-comparison/almalinux9/scheduled-backup-almalinux9/…__c3RVaLR (rsync -a over ssh with
# BatchMode between root accounts, under SELinux); rhel10's image has no rsync (config-sync-rhel10
# __oijXoiw); also centos-stream10 __AkeWMfM, rhel9 __df25r2K, rhel10 __KyhsJwp.
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/http-handoff-firewalld.sh
command -v rsync >/dev/null || dnf -y -q install rsync
install -d -m 0700 /root/.ssh
[ -f /root/.ssh/backup_records ] || ssh-keygen -q -t ed25519 -N '' -C backup-records -f /root/.ssh/backup_records
handoff_put /root/.ssh/backup_records.pub
handoff_open
handoff_serve "$OB_ADDR_NODE1_PRIV" backup_records.pub
