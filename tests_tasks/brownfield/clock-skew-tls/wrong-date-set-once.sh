#!/bin/bash
# must fail req-1, req-2: the clock is set once from the right server (chronyd -q), then chrony is started again as it was: it still asks the stale ntp.corp.internal and steps the clock six years off at its next poll
# steps: node1
set -euo pipefail
systemctl stop chrony.service
chronyd -q 'server 10.100.0.12 iburst'
date -u
systemctl start chrony.service
systemctl start inventory-report.service || true
