#!/bin/bash
# must fail req-3: the `systemctl edit --full` way: the packaged unit copied to /etc/systemd/system with OPS-2210's settings merged in and the drop-in removed; it runs right, but the copy hides the packaged unit, so the next package upgrade never takes effect
set -euo pipefail
sed -e 's#^ExecStart=.*#ExecStart=/usr/bin/python3 /opt/ledgerd/ledgerd.py --port 8300 --retention-days 90#' \
    -e 's#^Environment=LEDGERD_RELEASE=.*#&\nEnvironment=LEDGERD_WORKERS=8\nLimitNOFILE=65536#' \
    /usr/lib/systemd/system/ledgerd.service > /etc/systemd/system/ledgerd.service
rm -rf /etc/systemd/system/ledgerd.service.d
systemctl daemon-reload
systemctl reset-failed ledgerd.service || true
systemctl reenable ledgerd.service
systemctl restart ledgerd.service
for i in $(seq 1 50); do curl -sf --max-time 3 http://127.0.0.1:8300/status && break; sleep 0.2; done
