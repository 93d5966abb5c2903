#!/bin/bash
# Reference solution, step 2 (node2): rsync; the key may only rsync inside /srv/backups/node1.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
RRSYNC=/usr/bin/rrsync
if [ ! -x "$RRSYNC" ]; then  # Debian 11 ships rrsync only as an example script
  RRSYNC=/usr/local/bin/rrsync
  zcat /usr/share/doc/rsync/scripts/rrsync.gz > "$RRSYNC" && chmod 0755 "$RRSYNC"
fi
install -d -m 0750 /srv/backups/node1
pub=$(curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/backup_records.pub")
install -d -m 0700 /root/.ssh
touch /root/.ssh/authorized_keys; chmod 0600 /root/.ssh/authorized_keys
sed -i '/backup-records$/d' /root/.ssh/authorized_keys
echo "restrict,command=\"$RRSYNC /srv/backups/node1\" $pub" >> /root/.ssh/authorized_keys
