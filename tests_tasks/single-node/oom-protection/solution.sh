#!/bin/bash
# Reference solution: drop-ins. ledger gets OOMScoreAdjust=-1000 (never an OOM victim);
# report-batch gets a hard cgroup memory limit (MemoryMax, no swap to spill into).
set -euo pipefail
install -d /etc/systemd/system/ledger.service.d /etc/systemd/system/report-batch.service.d
cat > /etc/systemd/system/ledger.service.d/oom.conf <<'CONF'
[Service]
OOMScoreAdjust=-1000
CONF
cat > /etc/systemd/system/report-batch.service.d/memory.conf <<'CONF'
[Service]
MemoryMax=128M
MemorySwapMax=0
OOMPolicy=kill
CONF
systemctl daemon-reload
systemctl restart ledger.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8300/ >/dev/null && break; sleep 0.2; done
cat "/proc/$(systemctl show -P MainPID ledger.service)/oom_score_adj"
