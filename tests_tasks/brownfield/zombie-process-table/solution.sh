#!/bin/bash
# Reference solution: jobrunner starts its jobs in the background but never collects them. Give
# it a reap() that collects every finished job without blocking, called on each pass of its
# loop (jobs keep running side by side), then restart it: the zombies of the old process go to
# PID 1, which reaps them, and the freed task slots let the waiting jobs start.
set -euo pipefail
python3 - <<'PY'
path = "/opt/jobrunner/jobrunner.py"
src = open(path).read()
if "def reap(" not in src:
    reap = '''

def reap():
    """Collect every finished job, so that none is left defunct."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        say(f"job pid {pid} ended: {os.waitstatus_to_exitcode(status)}")


def main():'''
    assert "\n\ndef main():" in src and "        time.sleep(1)\n" in src
    src = src.replace("\n\ndef main():", reap, 1)
    src = src.replace("        time.sleep(1)\n", "        reap()\n        time.sleep(1)\n", 1)
    open(path, "w").write(src)
PY
python3 -m py_compile /opt/jobrunner/jobrunner.py
systemctl restart jobrunner.service
for i in $(seq 1 60); do
  [ -z "$(find /var/spool/jobrunner/incoming -name '*.job')" ] && break
  sleep 1
done
sleep 2
ps -eo pid,ppid,stat,comm | awk '$3 ~ /^Z/' | head
ls /var/spool/jobrunner/results | wc -l
