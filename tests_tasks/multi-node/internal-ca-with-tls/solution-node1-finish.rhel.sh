#!/bin/bash
# Reference solution, step 4 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (stop the transfer server; verify), node1's hand-off opening closed.
set -euo pipefail
. tasklib/http-handoff.sh
handoff_stop
curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
