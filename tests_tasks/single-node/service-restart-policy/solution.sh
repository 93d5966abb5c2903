#!/bin/bash
# Reference solution: a drop-in under /etc, which the package never touches (crash_limited_policy
# in policy.sh: restart on failure only, at most 5 starts within 60 s).
set -euo pipefail
. ./policy.sh
crash_limited_policy /etc/systemd/system
