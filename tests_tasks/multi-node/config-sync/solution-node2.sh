#!/bin/bash
# Reference solution, step 2 (node2): rsync, and the key restricted to rrsync on /etc/appcfg.
set -euo pipefail
. tasklib/ssh-job.sh
. tasklib/rrsync.sh
export DEBIAN_FRONTEND=noninteractive
rrsync_install
ssh_job_authorize appcfg_sync /etc/appcfg
