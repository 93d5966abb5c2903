#!/bin/bash
# Starting condition: ledger (critical HTTP service) and report-batch (a oneshot job that allocates
# REPORT_MIB MiB), neither with any memory protection or limit.
set -euo pipefail
id ledger >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin ledger
install -d -m 0755 /srv/ledger /srv/reports
echo "ledger ok" > /srv/ledger/index.html
cat > /usr/local/bin/report-batch <<'PY'
#!/usr/bin/python3
"""Builds the nightly report: holds REPORT_MIB MiB of working data for a few seconds."""
import os, time, datetime
mib = int(os.environ.get("REPORT_MIB", "40"))
data = b"r" * (mib * 1024 * 1024)          # really touches every page
time.sleep(3)
with open("/srv/reports/latest.txt", "w") as f:
    f.write(f"report built {datetime.datetime.now().isoformat()} from {len(data) >> 20} MiB\n")
print(f"report done ({mib} MiB)")
PY
chmod 0755 /usr/local/bin/report-batch
echo "REPORT_MIB=40" > /etc/default/report-batch
cat > /etc/systemd/system/ledger.service <<'UNIT'
[Unit]
Description=Ledger (critical)
After=network.target
[Service]
User=ledger
ExecStart=/usr/bin/python3 -m http.server 8300 --directory /srv/ledger
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
cat > /etc/systemd/system/report-batch.service <<'UNIT'
[Unit]
Description=Nightly report batch job
[Service]
Type=oneshot
EnvironmentFile=/etc/default/report-batch
ExecStart=/usr/local/bin/report-batch
UNIT
systemctl daemon-reload
systemctl enable --now ledger.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8300/ >/dev/null && exit 0; sleep 0.2; done
echo "ledger did not come up" >&2
exit 1
