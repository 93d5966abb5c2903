#!/bin/bash
# must fail req-1: ledger gets OOMScoreAdjust=-900 ("very unlikely to be picked") instead of -1000, the only value that exempts it from the OOM killer
set -euo pipefail
install -d /etc/systemd/system/ledger.service.d /etc/systemd/system/report-batch.service.d
cat > /etc/systemd/system/ledger.service.d/oom.conf <<'CONF'
[Service]
OOMScoreAdjust=-900
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
