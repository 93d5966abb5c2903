#!/bin/bash
# Parts of the reference solution's step 3 on node1 (solution-node1-finish.sh), as the wrong
# solutions that keep them repeat them. Needs tasklib/ssh-job.sh.

# push_command: /usr/local/sbin/push-appcfg, which mirrors /etc/appcfg to node2 with the
# dedicated key (node2 restricts the key to rrsync /etc/appcfg).
push_command() {
  ssh_job_command /usr/local/sbin/push-appcfg "Mirror /etc/appcfg to node2 (the key is restricted there to rrsync /etc/appcfg)." \
    "rsync -a --delete -e \"ssh -i /root/.ssh/appcfg_sync -o BatchMode=yes\" /etc/appcfg/ root@$OB_ADDR_NODE2_PRIV:./"
}

# push_service: the oneshot unit push-appcfg.service that runs it.
push_service() {
  ssh_job_service push-appcfg "Push /etc/appcfg to node2" /usr/local/sbin/push-appcfg
}

# push_timer: push-appcfg.timer, which starts the service a minute after boot and a minute
# after each run.
push_timer() {
  cat > /etc/systemd/system/push-appcfg.timer <<'UNIT'
[Unit]
Description=Push /etc/appcfg to node2 every minute
[Timer]
OnBootSec=1min
OnUnitActiveSec=1min
AccuracySec=5s
[Install]
WantedBy=timers.target
UNIT
}
