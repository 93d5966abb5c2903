#!/bin/bash
# must fail req-1, req-3: the "fork: Resource temporarily unavailable" is read as a too-low TasksMax, which is lifted: the waiting jobs start, but the zombies stay and keep piling up
set -euo pipefail
systemctl set-property jobrunner.service TasksMax=infinity
sleep 5
find /var/spool/jobrunner/incoming -name '*.job' | wc -l
