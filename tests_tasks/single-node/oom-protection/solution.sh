#!/bin/bash
# Reference solution: drop-ins. ledger gets OOMScoreAdjust=-1000 (never an OOM victim);
# report-batch gets a hard cgroup memory limit (MemoryMax, no swap to spill into).
set -euo pipefail
. ./drop-ins.sh
install -d /etc/systemd/system/ledger.service.d /etc/systemd/system/report-batch.service.d
ledger_protected
batch_limited
systemctl daemon-reload
ledger_restarted
