#!/bin/bash
# Reference solution, step 3 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (host key, the push command, a one-minute timer), and the hand-off port
# closed again in firewalld.
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/ssh-root-trust.sh
. tasklib/http-handoff-firewalld.sh
. ./push.sh
handoff_stop
handoff_close
trust_host_key "$OB_ADDR_NODE2_PRIV"
push_command
push_service
push_timer
systemctl daemon-reload
systemctl enable --now push-appcfg.timer
# the first run through the unit: systemd runs it once even if the timer fires now too
systemctl start push-appcfg.service
