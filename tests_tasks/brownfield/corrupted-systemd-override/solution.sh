#!/bin/bash
# Reference solution: the drop-in rewritten with what OPS-2210 meant: the packaged ExecStart=
# reset before the new one, Environment= spelt right, the comment on a line of its own. The
# packaged unit is not touched. Then reload, clear the failed state and restart.
set -euo pipefail
install -d /etc/systemd/system/ledgerd.service.d
cat > /etc/systemd/system/ledgerd.service.d/override.conf <<'CONF'
# OPS-2210: keep ledger entries 90 days instead of 30, run 8 workers, and raise the
# open-files limit (the default 1024 runs out at month end)
[Service]
ExecStart=
ExecStart=/usr/bin/python3 /opt/ledgerd/ledgerd.py --port 8300 --retention-days 90
Environment=LEDGERD_WORKERS=8
LimitNOFILE=65536
CONF
systemctl daemon-reload
systemctl reset-failed ledgerd.service || true
systemctl enable ledgerd.service
systemctl restart ledgerd.service
for i in $(seq 1 50); do curl -sf --max-time 3 http://127.0.0.1:8300/status && exit 0; sleep 0.2; done
systemctl status ledgerd.service --no-pager >&2 || true
exit 1
