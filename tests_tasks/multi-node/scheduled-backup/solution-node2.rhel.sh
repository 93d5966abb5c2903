#!/bin/bash
# Reference solution, step 2 (node2), rhel family, written, NOT validated: as solution-node2.sh (the
# key may only rsync inside /srv/backups/node1), with EL's rsync-rrsync package for the
# restricted-rsync script and root's ~/.ssh relabelled for SELinux (enforcing here).
set -euo pipefail
. tasklib/ssh-job.sh
. tasklib/rrsync-el.sh
el_rrsync_install
install -d -m 0750 /srv/backups/node1
ssh_job_authorize backup_records /srv/backups/node1
ssh_labels
