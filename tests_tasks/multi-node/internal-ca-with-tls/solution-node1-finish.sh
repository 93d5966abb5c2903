#!/bin/bash
# Reference solution, step 4 (node1): stop the transfer server; verify.
set -euo pipefail
pkill -f 'http[.]server 8799' || true
rm -rf /run/ob-xfer
curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
