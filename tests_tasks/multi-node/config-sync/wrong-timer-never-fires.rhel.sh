#!/bin/bash
# must fail req-2: the timer has only OnUnitActiveSec=1min and push-appcfg is run by hand instead of through the service, so the service was never active and the timer never elapses: no automatic sync
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-timer-never-fires.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld, so only the mistake
# differs
set -euo pipefail
. tasklib/ssh-job.sh
. ./push.sh
ssh_job_trust
push_command
push_service
cat > /etc/systemd/system/push-appcfg.timer <<'UNIT'
[Unit]
Description=Push /etc/appcfg to node2 every minute
[Timer]
OnUnitActiveSec=1min
AccuracySec=5s
[Install]
WantedBy=timers.target
UNIT
systemctl daemon-reload
systemctl enable --now push-appcfg.timer
/usr/local/sbin/push-appcfg
