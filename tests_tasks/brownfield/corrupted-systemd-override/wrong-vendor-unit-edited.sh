#!/bin/bash
# must fail req-3: OPS-2210's settings are written into the packaged unit /usr/lib/systemd/system/ledgerd.service itself and the drop-in removed; it runs right until a package upgrade replaces the file and the settings are gone
set -euo pipefail
f=/usr/lib/systemd/system/ledgerd.service
sed -i -e 's#^ExecStart=.*#ExecStart=/usr/bin/python3 /opt/ledgerd/ledgerd.py --port 8300 --retention-days 90#' \
       -e 's#^Environment=LEDGERD_RELEASE=.*#&\nEnvironment=LEDGERD_WORKERS=8\nLimitNOFILE=65536#' "$f"
rm -rf /etc/systemd/system/ledgerd.service.d
systemctl daemon-reload
systemctl reset-failed ledgerd.service || true
systemctl restart ledgerd.service
for i in $(seq 1 50); do curl -sf --max-time 3 http://127.0.0.1:8300/status && break; sleep 0.2; done
