#!/bin/bash
# Reference solution, step 4 (node1): stop the transfer server; verify.
set -euo pipefail
. tasklib/http-handoff.sh
handoff_stop
curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
