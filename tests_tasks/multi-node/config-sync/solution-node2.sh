#!/bin/bash
# Reference solution, step 2 (node2): rsync, and the key restricted to rrsync on /etc/appcfg.
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/rrsync.sh
. tasklib/ssh-root-trust.sh
export DEBIAN_FRONTEND=noninteractive
rrsync_install
pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" appcfg_sync.pub)
authorize_root_key appcfg-sync "restrict,command=\"$RRSYNC /etc/appcfg\" $pub"
