#!/bin/bash
# must fail req-4: jobrunner is made to wait for each job right after starting it (os.waitpid(pid, 0)) and restarted: no zombies any more, but jobs run one after the other again, so a slow job holds up the whole queue (what JR-88 fixed)
set -euo pipefail
sed -i 's/^    os.rename(path, os.path.join(DONE, name))$/    os.waitpid(pid, 0)\n&/' /opt/jobrunner/jobrunner.py
grep -q 'os.waitpid(pid, 0)' /opt/jobrunner/jobrunner.py
systemctl restart jobrunner.service
sleep 5
