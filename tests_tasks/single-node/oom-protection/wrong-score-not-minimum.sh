#!/bin/bash
# must fail req-1: ledger gets OOMScoreAdjust=-900 ("very unlikely to be picked") instead of -1000, the only value that exempts it from the OOM killer
set -euo pipefail
. ./drop-ins.sh
install -d /etc/systemd/system/ledger.service.d /etc/systemd/system/report-batch.service.d
cat > /etc/systemd/system/ledger.service.d/oom.conf <<'CONF'
[Service]
OOMScoreAdjust=-900
CONF
batch_limited
systemctl daemon-reload
ledger_restarted
