#!/bin/bash
# must fail req-1, req-2: the running ledger process gets oom_score_adj -1000 through /proc and report-batch a --runtime memory limit; both are gone after node1 reboots
set -euo pipefail
pid=$(systemctl show -P MainPID ledger.service)
echo -1000 > "/proc/$pid/oom_score_adj"
systemctl set-property --runtime report-batch.service MemoryMax=128M MemorySwapMax=0
cat "/proc/$pid/oom_score_adj"
systemctl show -p MemoryMax report-batch.service
