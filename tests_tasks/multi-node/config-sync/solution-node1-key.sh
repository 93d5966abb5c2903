#!/bin/bash
# Reference solution, step 1 (node1): rsync, the dedicated key, and a short-lived HTTP server on
# the private address so node2 can fetch the public key.
set -euo pipefail
. tasklib/ssh-job.sh
export DEBIAN_FRONTEND=noninteractive
command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
ssh_job_key appcfg_sync
