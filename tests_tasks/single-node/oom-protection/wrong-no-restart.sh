#!/bin/bash
# must fail req-1: the drop-ins are right, but ledger is not restarted ("it is critical, do not touch it"), so the running ledger process keeps oom_score_adj 0 until the next boot
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
systemctl show -p OOMScoreAdjust ledger.service
