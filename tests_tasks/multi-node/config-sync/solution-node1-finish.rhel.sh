#!/bin/bash
# Reference solution, step 3 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (host key, the push command, a one-minute timer), and the hand-off port
# closed again in firewalld.
set -euo pipefail
. tasklib/ssh-job.sh
. ./push.sh
ssh_job_trust
push_command
push_service
push_timer
ssh_job_timer push-appcfg
