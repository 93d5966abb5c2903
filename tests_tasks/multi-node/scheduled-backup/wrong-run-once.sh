#!/bin/bash
# must fail req-2: backup and restore commands work and the backup is run once now, but nothing schedules it (no timer, no cron job): no backup happens at 02:30
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
restore_command
/usr/local/sbin/backup-records
