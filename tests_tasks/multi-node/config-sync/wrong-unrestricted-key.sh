#!/bin/bash
# must fail req-3: the dedicated key is added to node2's authorized_keys as it is, without a forced command, so whoever holds it gets a root shell and can run anything on node2
# steps: node1:solution-node1-key.sh node2 node1
set -euo pipefail
. tasklib/ssh-job.sh
. ./push.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node2)
    command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
    pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" appcfg_sync.pub)
    authorize_root_key appcfg-sync "$pub" ;;
  node1)
    ssh_job_trust
    ssh_job_command /usr/local/sbin/push-appcfg "Mirror /etc/appcfg to node2 with the dedicated key." \
      "rsync -a --delete -e \"ssh -i /root/.ssh/appcfg_sync -o BatchMode=yes\" /etc/appcfg/ root@$OB_ADDR_NODE2_PRIV:/etc/appcfg/"
    push_service
    push_timer
    systemctl daemon-reload
    systemctl enable --now push-appcfg.timer
    /usr/local/sbin/push-appcfg ;;
esac
