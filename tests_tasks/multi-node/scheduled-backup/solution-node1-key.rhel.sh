#!/bin/bash
# Reference solution, step 1 (node1), rhel family, written, NOT validated: as solution-node1-key.sh
# (rsync, a dedicated key, its public half served briefly), with rsync from dnf and the hand-off
# port let through firewalld (runtime only). Learned from open-sudo/infraset jobs/
# multi-node-os-comparison/almalinux9/scheduled-backup-almalinux9/…__c3RVaLR (rsync -a over ssh with
# BatchMode between root accounts, under SELinux); rhel10's image has no rsync (config-sync-rhel10
# __oijXoiw); also centos-stream10 __AkeWMfM, rhel9 __df25r2K, rhel10 __KyhsJwp.
set -euo pipefail
. tasklib/ssh-job.sh
command -v rsync >/dev/null || dnf -y -q install rsync
ssh_job_key backup_records
