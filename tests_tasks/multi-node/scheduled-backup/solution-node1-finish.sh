#!/bin/bash
# Reference solution, step 3 (node1): host key, backup and restore commands, a nightly timer.
set -euo pipefail
pkill -f 'http[.]server 8799' || true
rm -rf /run/ob-xfer
touch /root/.ssh/known_hosts
ssh-keygen -R "$OB_ADDR_NODE2_PRIV" >/dev/null 2>&1 || true
ssh-keyscan -t ed25519 "$OB_ADDR_NODE2_PRIV" >> /root/.ssh/known_hosts 2>/dev/null
SSH="ssh -i /root/.ssh/backup_records -o BatchMode=yes"
cat > /usr/local/sbin/backup-records <<SH
#!/bin/sh
# Copy /srv/records to node2:/srv/backups/node1/records (numeric owners, permissions kept).
exec rsync -a --numeric-ids --delete -e "$SSH" /srv/records/ root@$OB_ADDR_NODE2_PRIV:records/
SH
cat > /usr/local/sbin/restore-records <<SH
#!/bin/sh
# Restore /srv/records from node2's copy.
exec rsync -a --numeric-ids -e "$SSH" root@$OB_ADDR_NODE2_PRIV:records/ /srv/records/
SH
chmod 0755 /usr/local/sbin/backup-records /usr/local/sbin/restore-records
cat > /etc/systemd/system/backup-records.service <<'UNIT'
[Unit]
Description=Back up /srv/records to node2
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/backup-records
UNIT
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
systemctl daemon-reload
systemctl enable --now backup-records.timer
# the first run through the unit: systemd runs it once even if the timer fires now too
systemctl start backup-records.service
