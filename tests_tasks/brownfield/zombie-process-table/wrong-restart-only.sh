#!/bin/bash
# must fail req-3: jobrunner is only restarted: the zombies of the old process are reaped by PID 1 and the waiting jobs run, but the code still never waits for its jobs, so every job that finishes from now on is left defunct again
set -euo pipefail
systemctl restart jobrunner.service
sleep 5
ps -eo pid,ppid,stat,comm | awk '$3 ~ /^Z/' | wc -l
