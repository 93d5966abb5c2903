#!/bin/bash
# must fail req-1: the stuck runs are killed, nothing else: cron starts a new run every minute, each hangs on the API again, and they pile up anew
set -euo pipefail
pkill -KILL -u invsync || true
sleep 1
ps -u invsync -o pid,etimes,args || true
