#!/bin/bash
# Reference solution, step 3 (node1): host key, the push command, a one-minute timer.
set -euo pipefail
. tasklib/ssh-job.sh
. ./push.sh
ssh_job_trust
push_command
push_service
push_timer
ssh_job_timer push-appcfg
