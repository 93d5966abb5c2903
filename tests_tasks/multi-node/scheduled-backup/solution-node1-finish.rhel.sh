#!/bin/bash
# Reference solution, step 3 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (host key, backup and restore commands, a nightly timer), and the
# hand-off port closed again in firewalld.
set -euo pipefail
. tasklib/http-handoff.sh
. tasklib/ssh-root-trust.sh
. tasklib/http-handoff-firewalld.sh
. ./jobs.sh
handoff_stop
handoff_close
trust_host_key "$OB_ADDR_NODE2_PRIV"
backup_command
restore_command
backup_service
nightly_timer
systemctl daemon-reload
systemctl enable --now backup-records.timer
# the first run through the unit: systemd runs it once even if the timer fires now too
systemctl start backup-records.service
