#!/bin/bash
# must fail req-1, req-2: the defunct processes are sent SIGKILL; a zombie has already exited and cannot be killed, so they all stay, and the waiting jobs still cannot start
set -euo pipefail
ps -eo pid=,stat= | awk '$2 ~ /^Z/ {print $1}' | xargs -r kill -9 || true
sleep 2
ps -eo pid,ppid,stat,comm | awk '$3 ~ /^Z/' | wc -l
