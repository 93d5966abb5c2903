#!/bin/bash
# Reference solution, step 2 (node2): rsync, and the key restricted to rrsync on /etc/appcfg.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
RRSYNC=/usr/bin/rrsync
if [ ! -x "$RRSYNC" ]; then  # Debian 11 ships rrsync only as an example script
  RRSYNC=/usr/local/bin/rrsync
  zcat /usr/share/doc/rsync/scripts/rrsync.gz > "$RRSYNC" && chmod 0755 "$RRSYNC"
fi
pub=$(curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/appcfg_sync.pub")
install -d -m 0700 /root/.ssh
touch /root/.ssh/authorized_keys; chmod 0600 /root/.ssh/authorized_keys
sed -i '/appcfg-sync$/d' /root/.ssh/authorized_keys
echo "restrict,command=\"$RRSYNC /etc/appcfg\" $pub" >> /root/.ssh/authorized_keys
