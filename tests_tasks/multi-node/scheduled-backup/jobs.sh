#!/bin/bash
# Parts of the reference solution's step 3 on node1 (solution-node1-finish.sh), as the wrong
# solutions that keep them repeat them. Needs tasklib/ssh-job.sh.

# how the jobs reach node2: the dedicated key, never a prompt
SSH="ssh -i /root/.ssh/backup_records -o BatchMode=yes"

# backup_command: /usr/local/sbin/backup-records, which copies /srv/records to node2 (root there,
# restricted by the key to rrsync /srv/backups/node1), numeric owners and permissions kept.
backup_command() {
  ssh_job_command /usr/local/sbin/backup-records "Copy /srv/records to node2:/srv/backups/node1/records (numeric owners, permissions kept)." \
    "rsync -a --numeric-ids --delete -e \"$SSH\" /srv/records/ root@$OB_ADDR_NODE2_PRIV:records/"
}

# restore_command: /usr/local/sbin/restore-records, which copies node2's copy back.
restore_command() {
  ssh_job_command /usr/local/sbin/restore-records "Restore /srv/records from node2's copy." \
    "rsync -a --numeric-ids -e \"$SSH\" root@$OB_ADDR_NODE2_PRIV:records/ /srv/records/"
}

# backup_service: the oneshot unit backup-records.service that runs the backup.
backup_service() {
  ssh_job_service backup-records "Back up /srv/records to node2" /usr/local/sbin/backup-records
}

# nightly_timer: backup-records.timer, which starts the service every day at 02:30 (and at boot
# when a run was missed).
nightly_timer() {
  cat > /etc/systemd/system/backup-records.timer <<'UNIT'
[Unit]
Description=Nightly backup of /srv/records at 02:30
[Timer]
OnCalendar=*-*-* 02:30:00
AccuracySec=1s
Persistent=true
[Install]
WantedBy=timers.target
UNIT
}
