#!/bin/bash
# Reference solution, step 2 (node2), rhel family, written, NOT validated: as solution-node2.sh (the
# key may only rsync inside /srv/backups/node1), with EL's rsync-rrsync package for the
# restricted-rsync script and root's ~/.ssh relabelled for SELinux (enforcing here).
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/ssh-root-trust.sh
. tasklib/rrsync-el.sh
el_rrsync_install
install -d -m 0750 /srv/backups/node1
pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" backup_records.pub)
authorize_root_key backup-records "restrict,command=\"$RRSYNC /srv/backups/node1\" $pub"
ssh_labels
