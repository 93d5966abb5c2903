#!/bin/bash
# must fail req-2: backup and restore commands work and the backup is run once now, but nothing schedules it (no timer, no cron job): no backup happens at 02:30
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-run-once.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld, so only the mistake
# differs
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
restore_command
/usr/local/sbin/backup-records
