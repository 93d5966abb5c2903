#!/bin/bash
# must fail req-1: push-appcfg copies with rsync -a but without --delete, so a file removed from /etc/appcfg on node1 (and node2's stale legacy.conf) stays on node2: not an exact copy
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-no-delete.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld, so only the mistake
# differs
set -euo pipefail
. tasklib/ssh-job.sh
. ./push.sh
ssh_job_trust
ssh_job_command /usr/local/sbin/push-appcfg "Copy /etc/appcfg to node2 (the key is restricted there to rrsync /etc/appcfg)." \
  "rsync -a -e \"ssh -i /root/.ssh/appcfg_sync -o BatchMode=yes\" /etc/appcfg/ root@$OB_ADDR_NODE2_PRIV:./"
push_service
push_timer
ssh_job_timer push-appcfg
