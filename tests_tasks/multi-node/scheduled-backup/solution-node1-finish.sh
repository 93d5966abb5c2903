#!/bin/bash
# Reference solution, step 3 (node1): host key, backup and restore commands, a nightly timer.
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
restore_command
backup_service
nightly_timer
ssh_job_timer backup-records
