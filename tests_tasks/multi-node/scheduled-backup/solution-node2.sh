#!/bin/bash
# Reference solution, step 2 (node2): rsync; the key may only rsync inside /srv/backups/node1.
set -euo pipefail
. tasklib/ssh-job.sh
. tasklib/rrsync.sh
export DEBIAN_FRONTEND=noninteractive
rrsync_install
install -d -m 0750 /srv/backups/node1
ssh_job_authorize backup_records /srv/backups/node1
