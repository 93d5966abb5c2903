#!/bin/bash
# must fail req-2: the nightly timer uses systemd's `daily` (00:00) instead of 02:30, so the backup runs at midnight, not at 02:30
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-midnight-timer.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld, so only the mistake
# differs
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
restore_command
backup_service
cat > /etc/systemd/system/backup-records.timer <<'UNIT'
[Unit]
Description=Nightly backup of /srv/records
[Timer]
OnCalendar=daily
Persistent=true
[Install]
WantedBy=timers.target
UNIT
ssh_job_timer backup-records
