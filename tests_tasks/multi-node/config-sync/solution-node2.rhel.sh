#!/bin/bash
# Reference solution, step 2 (node2), rhel family, written, NOT validated: as solution-node2.sh (the
# key restricted to rrsync on /etc/appcfg), with EL's rsync-rrsync package for the restricted-rsync
# script and root's ~/.ssh relabelled for SELinux (enforcing here).
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/ssh-root-trust.sh
. tasklib/rrsync-el.sh
el_rrsync_install
pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" appcfg_sync.pub)
authorize_root_key appcfg-sync "restrict,command=\"$RRSYNC /etc/appcfg\" $pub"
ssh_labels
