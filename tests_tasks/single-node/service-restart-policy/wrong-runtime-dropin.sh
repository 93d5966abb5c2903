#!/bin/bash
# must fail req-1, req-2, req-4: the right settings, in the drop-in `systemctl edit --runtime` writes under /run, which is gone after node1 reboots
set -euo pipefail
. ./policy.sh
crash_limited_policy /run/systemd/system
