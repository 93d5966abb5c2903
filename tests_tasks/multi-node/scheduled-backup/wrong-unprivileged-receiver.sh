#!/bin/bash
# must fail req-1, req-3: the backup logs in to node2 as an unprivileged account (rbackup) instead of root; rsync cannot set owners there, so the copy is owned by rbackup's uid, and a restore brings the files back with that uid instead of records'
# steps: node1:solution-node1-key.sh node2 node1
set -euo pipefail
. tasklib/ssh-job.sh
. ./jobs.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node2)
    command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
    id rbackup >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/rbackup --shell /bin/sh rbackup
    chgrp rbackup /srv/backups
    install -d -o rbackup -g rbackup -m 0750 /srv/backups/node1
    install -d -m 0700 -o rbackup -g rbackup /var/lib/rbackup/.ssh
    handoff_fetch "$OB_ADDR_NODE1_PRIV" backup_records.pub > /var/lib/rbackup/.ssh/authorized_keys
    chown rbackup:rbackup /var/lib/rbackup/.ssh/authorized_keys
    chmod 0600 /var/lib/rbackup/.ssh/authorized_keys ;;
  node1)
    ssh_job_trust
    ssh_job_command /usr/local/sbin/backup-records "Copy /srv/records to node2:/srv/backups/node1/records (as the unprivileged rbackup there)." \
      "rsync -a --numeric-ids --delete -e \"$SSH\" /srv/records/ rbackup@$OB_ADDR_NODE2_PRIV:/srv/backups/node1/records/"
    ssh_job_command /usr/local/sbin/restore-records "Restore /srv/records from node2's copy." \
      "rsync -a --numeric-ids -e \"$SSH\" rbackup@$OB_ADDR_NODE2_PRIV:/srv/backups/node1/records/ /srv/records/"
    backup_service
    nightly_timer
    systemctl daemon-reload
    systemctl enable --now backup-records.timer
    /usr/local/sbin/backup-records ;;
esac
