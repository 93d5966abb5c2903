#!/bin/bash
# Reference solution, step 2 (node2), rhel family, written, NOT validated: as solution-node2.sh (the
# key restricted to rrsync on /etc/appcfg), with EL's rsync-rrsync package for the restricted-rsync
# script and root's ~/.ssh relabelled for SELinux (enforcing here).
set -euo pipefail
. tasklib/ssh-job.sh
. tasklib/rrsync-el.sh
el_rrsync_install
ssh_job_authorize appcfg_sync /etc/appcfg
ssh_labels
