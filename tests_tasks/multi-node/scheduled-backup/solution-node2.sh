#!/bin/bash
# Reference solution, step 2 (node2): rsync; the key may only rsync inside /srv/backups/node1.
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/rrsync.sh
. tasklib/ssh-root-trust.sh
export DEBIAN_FRONTEND=noninteractive
rrsync_install
install -d -m 0750 /srv/backups/node1
pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" backup_records.pub)
authorize_root_key backup-records "restrict,command=\"$RRSYNC /srv/backups/node1\" $pub"
