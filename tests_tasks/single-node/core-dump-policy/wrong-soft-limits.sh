#!/bin/bash
# must fail req-1, req-2: the collector is gone and the leftovers undone, but the limits of 0 are soft only: the core pattern is the kernel's plain "core" again, and any session raises its soft limit to the unlimited hard one and dumps into its working directory
set -euo pipefail
. ./core-layers.sh
collector_purged
debug_cores_undone
sysctl_file /etc/sysctl.d/99-no-core-dumps.conf "fs.suid_dumpable = 0"
zero_core_limits soft
