#!/bin/bash
# Reference solution, step 3 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (host key, backup and restore commands, a nightly timer), and the
# hand-off port closed again in firewalld.
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
restore_command
backup_service
nightly_timer
ssh_job_timer backup-records
