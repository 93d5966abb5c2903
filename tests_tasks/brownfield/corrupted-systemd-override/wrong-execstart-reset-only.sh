#!/bin/bash
# must fail req-2: only the error systemd reports is fixed (an empty ExecStart= before the new one); the misspelt Enviroment= and the LimitNOFILE= line with a trailing comment are still ignored, so ledgerd runs with 2 workers and 1024 open files
set -euo pipefail
f=/etc/systemd/system/ledgerd.service.d/override.conf
grep -qx 'ExecStart=' "$f" || sed -i '0,/^ExecStart=/s//ExecStart=\nExecStart=/' "$f"
systemctl daemon-reload
systemctl reset-failed ledgerd.service || true
systemctl restart ledgerd.service
for i in $(seq 1 50); do curl -sf --max-time 3 http://127.0.0.1:8300/status && break; sleep 0.2; done
