#!/bin/bash
# Starting condition: jobrunner (python3, run by systemd as the user jobrunner, TasksMax=64)
# starts each queued job with posix_spawn and never waits for it (the JR-88 change that made jobs
# run in the background dropped the wait), so every finished job stays a zombie. Zombies count
# against the unit's task limit: 80 jobs are queued, 63 run and stay defunct, and the 64th
# start fails with EAGAIN, so the last 17 jobs wait in incoming/ for good.
set -euo pipefail
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id jobrunner >/dev/null 2>&1 || useradd --system --home-dir /var/spool/jobrunner --no-create-home \
  --shell "$nologin" jobrunner
install -d /opt/jobrunner
install -d -o jobrunner -g jobrunner /var/spool/jobrunner /var/spool/jobrunner/incoming \
  /var/spool/jobrunner/done /var/spool/jobrunner/results /var/log/jobrunner
cat > /opt/jobrunner/jobrunner.py <<'PY'
#!/usr/bin/python3
"""jobrunner: runs the jobs dropped into /var/spool/jobrunner/incoming. A job is a file NAME.job
holding one shell command line; jobrunner starts it (sh -c, in /var/spool/jobrunner, with JOB=NAME,
output appended to /var/log/jobrunner/jobs.log) and moves the file to done/. A job that cannot be
started stays in incoming/ and is tried again."""
import os
import sys
import time

SPOOL = "/var/spool/jobrunner"
LOG = "/var/log/jobrunner/jobs.log"
INCOMING, DONE = os.path.join(SPOOL, "incoming"), os.path.join(SPOOL, "done")


def say(msg):
    sys.stderr.write(f"jobrunner: {msg}\n")
    sys.stderr.flush()


def start(name):
    """Start one job in the background (JR-88: a slow job must not hold up the queue)."""
    path = os.path.join(INCOMING, name)
    with open(path) as f:
        command = f.read().strip()
    log = os.open(LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        pid = os.posix_spawn("/bin/sh", ["sh", "-c", command], dict(os.environ, JOB=name[:-4]),
                             file_actions=[(os.POSIX_SPAWN_CLOSE, 0),
                                           (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
                                           (os.POSIX_SPAWN_DUP2, log, 1),
                                           (os.POSIX_SPAWN_DUP2, log, 2)])
    finally:
        os.close(log)
    os.rename(path, os.path.join(DONE, name))
    say(f"started {name} (pid {pid})")


def main():
    os.chdir(SPOOL)
    say(f"watching {INCOMING}")
    while True:
        for name in sorted(os.listdir(INCOMING)):
            if not name.endswith(".job"):
                continue
            try:
                start(name)
            except OSError as exc:
                say(f"cannot start {name}: {exc}")
                break
        time.sleep(1)


main()
PY
chmod 755 /opt/jobrunner/jobrunner.py
cat > /etc/systemd/system/jobrunner.service <<'UNIT'
[Unit]
Description=jobrunner - runs the jobs queued in /var/spool/jobrunner/incoming
After=network.target

[Service]
User=jobrunner
Group=jobrunner
ExecStart=/usr/bin/python3 /opt/jobrunner/jobrunner.py
Restart=on-failure
# a runaway job must not take the machine down
TasksMax=64

[Install]
WantedBy=multi-user.target
UNIT
# the backlog: 80 short jobs, each leaving its result in results/ (shell builtins only: a job
# that forked would itself hit the task limit)
for i in $(seq -w 1 80); do
  printf 'echo "$JOB done" > results/$JOB\n' > "/var/spool/jobrunner/incoming/p0$i.job"
done
chown jobrunner:jobrunner /var/spool/jobrunner/incoming/*.job
systemctl daemon-reload
systemctl enable --now jobrunner.service
# wait for the burst to end against the task limit: jobs left waiting, the rest defunct
main=""
for i in $(seq 1 120); do
  main=$(systemctl show -p MainPID --value jobrunner.service)
  zombies=$(ps -o stat= --ppid "$main" 2>/dev/null | grep -c '^Z' || true)
  waiting=$(find /var/spool/jobrunner/incoming -name '*.job' | wc -l)
  if [ "$zombies" -ge 60 ] && [ "$waiting" -ge 10 ]; then
    sleep 3
    [ "$(find /var/spool/jobrunner/incoming -name '*.job' | wc -l)" -eq "$waiting" ] && exit 0
  fi
  sleep 0.5
done
echo "jobrunner did not reach its starting condition: $zombies zombies, $waiting jobs waiting" >&2
journalctl -u jobrunner.service -n 5 --no-pager >&2 || true
exit 1
