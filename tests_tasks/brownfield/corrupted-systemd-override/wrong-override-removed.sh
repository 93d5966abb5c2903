#!/bin/bash
# must fail req-2: the broken drop-in is deleted, so the packaged unit starts again, but with its defaults: 30 days, 2 workers, 1024 open files
set -euo pipefail
rm -rf /etc/systemd/system/ledgerd.service.d
systemctl daemon-reload
systemctl reset-failed ledgerd.service || true
systemctl restart ledgerd.service
for i in $(seq 1 50); do curl -sf --max-time 3 http://127.0.0.1:8300/status && break; sleep 0.2; done
