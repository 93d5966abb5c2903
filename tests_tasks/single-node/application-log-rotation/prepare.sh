#!/bin/bash
# Starting condition: orders-worker (python3, user orders) appends a line every 0.3 s to
# /var/log/orders/worker.log and access.log, keeping both open; it re-opens them on SIGHUP.
# No rotation is configured for them, and logrotate is not installed.
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id orders >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell "$nologin" orders
install -d -m 755 -o orders -g orders /var/log/orders
install -d /opt/orders-worker
cat > /opt/orders-worker/worker.py <<'PY'
#!/usr/bin/python3
"""orders-worker: processes orders and logs to /var/log/orders. SIGHUP re-opens the log files."""
import itertools
import signal
import time

LOGS = {"worker": "/var/log/orders/worker.log", "access": "/var/log/orders/access.log"}
files = {}
reopen = True


def hup(signum, frame):
    global reopen
    reopen = True


signal.signal(signal.SIGHUP, hup)
for n in itertools.count(1):
    if reopen:
        reopen = False
        for name, path in LOGS.items():
            if name in files:
                files[name].close()
            files[name] = open(path, "a", buffering=1)
        files["worker"].write(f"{time.strftime('%FT%T')} worker: log files (re)opened\n")
    now = time.strftime("%FT%T")
    files["worker"].write(f"{now} worker: processed order #{n} amount={n * 7 % 500}.00 EUR status=ok\n")
    files["access"].write(f'{now} 10.20.0.{n % 250} "POST /orders HTTP/1.1" 201 seq={n}\n')
    time.sleep(0.3)
PY
chmod 755 /opt/orders-worker/worker.py
cat > /opt/orders-worker/README <<'DOC'
orders-worker
=============

Writes /var/log/orders/worker.log and /var/log/orders/access.log, keeping both files open.
On SIGHUP (`systemctl reload orders-worker`) it closes and re-opens both files, creating them
if they are missing. It runs as the user `orders`.
DOC
cat > /etc/systemd/system/orders-worker.service <<'UNIT'
[Unit]
Description=orders-worker (order processing)
After=network.target

[Service]
User=orders
Group=orders
ExecStart=/usr/bin/python3 /opt/orders-worker/worker.py
ExecReload=/bin/kill -HUP $MAINPID
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
# some history: a week of old lines
python3 - <<'PY'
for name, line in (("worker", "worker: processed order #0 status=ok"), ("access", '10.20.0.1 "GET /health HTTP/1.1" 200')):
    with open(f"/var/log/orders/{name}.log", "w") as f:
        for i in range(20000):
            f.write(f"2026-11-2{i % 7}T00:00:00 {line} old={i}\n")
PY
chown orders:orders /var/log/orders/*.log
chmod 640 /var/log/orders/*.log
# no rotation yet: logrotate absent (a minimal image has none; remove it where an image has it)
if command -v logrotate >/dev/null; then
  if command -v apt-get >/dev/null; then apt-get purge -y logrotate >/dev/null; else dnf -y remove logrotate >/dev/null; fi
fi
systemctl daemon-reload
systemctl enable --now orders-worker.service
for i in $(seq 1 50); do
  grep -q 'processed order #2 ' /var/log/orders/worker.log && exit 0
  sleep 0.2
done
echo "orders-worker did not start logging" >&2
exit 1
