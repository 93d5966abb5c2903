#!/bin/bash
# Starting condition: the vendor package queue-worker 2.3.1, built here with dpkg-deb and kept as
# delivered in /opt/vendor, installed, enabled and running. /usr/bin/queue-worker works through
# the job files in /var/spool/queue-worker/incoming; a job it cannot parse makes it exit with
# status 1, a "drain" job makes it exit with 0. The package's unit has no restart policy, so a
# crash leaves the worker down.
set -euo pipefail
deb=/opt/vendor/queue-worker_2.3.1_all.deb
tree=$(mktemp -d)
chmod 755 "$tree"   # the package's root, "/": not mktemp's 0700
install -d "$tree/DEBIAN" "$tree/usr/bin" "$tree/usr/lib/systemd/system" /opt/vendor
for d in incoming processing done; do install -d "$tree/var/spool/queue-worker/$d"; done
cat > "$tree/usr/bin/queue-worker" <<'PY'
#!/usr/bin/python3
"""queue-worker 2.3.1: works through the job files dropped into /var/spool/queue-worker/incoming.

A job is lines of key=value. It is moved to processing/ while it runs and to done/ afterwards. A
job that cannot be parsed stops the worker with an error; it stays in processing/ for
inspection. A job that says "drain" makes the worker finish and exit normally: that is how
operators take it out of service.
"""
import os
import sys
import time

SPOOL = "/var/spool/queue-worker"
INCOMING, PROCESSING, DONE = (os.path.join(SPOOL, d) for d in ("incoming", "processing", "done"))


def work(name):
    job = os.path.join(PROCESSING, name)
    os.replace(os.path.join(INCOMING, name), job)
    with open(job) as f:
        body = f.read()
    if body.strip() == "drain":
        os.remove(job)
        print("drain job: finishing", flush=True)
        sys.exit(0)
    fields = dict(line.split("=", 1) for line in body.splitlines() if line.strip())
    os.replace(job, os.path.join(DONE, name))
    print(f"job {name}: {len(fields)} fields", flush=True)


for d in (INCOMING, PROCESSING, DONE):
    os.makedirs(d, exist_ok=True)
print("queue-worker 2.3.1 started", flush=True)
while True:
    for name in sorted(os.listdir(INCOMING)):
        work(name)
    time.sleep(0.5)
PY
chmod 755 "$tree/usr/bin/queue-worker"
cat > "$tree/usr/lib/systemd/system/queue-worker.service" <<'UNIT'
[Unit]
Description=Queue worker (jobs from /var/spool/queue-worker)
After=local-fs.target

[Service]
Type=simple
ExecStart=/usr/bin/queue-worker
WorkingDirectory=/var/spool/queue-worker

[Install]
WantedBy=multi-user.target
UNIT
cat > "$tree/DEBIAN/control" <<'CTL'
Package: queue-worker
Version: 2.3.1
Architecture: all
Maintainer: Queue Vendor Support <support@queue-vendor.example>
Depends: python3
Description: background worker for the job queue
 Works through the job files dropped into /var/spool/queue-worker/incoming.
CTL
# as debhelper's would: reload, enable on the first install, (re)start with the new files
cat > "$tree/DEBIAN/postinst" <<'SH'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
  systemctl daemon-reload
  [ -n "$2" ] || systemctl enable queue-worker.service
  systemctl restart queue-worker.service
fi
SH
chmod 755 "$tree/DEBIAN/postinst"
(cd "$tree" && find usr -type f -exec md5sum {} +) > "$tree/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zgzip --build "$tree" "$deb" >/dev/null
rm -rf "$tree"
dpkg -i "$deb" >/dev/null
systemctl is-active queue-worker.service
