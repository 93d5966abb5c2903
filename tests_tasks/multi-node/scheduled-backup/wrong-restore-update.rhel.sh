#!/bin/bash
# must fail req-3: restore-records uses rsync --update so as "not to overwrite newer local files": a damaged file is newer than its backup, so it is skipped and keeps the damage
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-restore-update.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld, so only the mistake
# differs
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
ssh_job_trust
backup_command
ssh_job_command /usr/local/sbin/restore-records "Restore /srv/records from node2's copy; never clobber a file that is newer here." \
  "rsync -a --update --numeric-ids -e \"$SSH\" root@$OB_ADDR_NODE2_PRIV:records/ /srv/records/"
backup_service
nightly_timer
ssh_job_timer backup-records
