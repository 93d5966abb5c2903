#!/bin/bash
# must fail req-1: the drop-ins are right, but ledger is not restarted ("it is critical, do not touch it"), so the running ledger process keeps oom_score_adj 0 until the next boot
set -euo pipefail
. ./drop-ins.sh
install -d /etc/systemd/system/ledger.service.d /etc/systemd/system/report-batch.service.d
ledger_protected
batch_limited
systemctl daemon-reload
systemctl show -p OOMScoreAdjust ledger.service
