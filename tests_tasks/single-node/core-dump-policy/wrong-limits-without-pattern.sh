#!/bin/bash
# must fail req-2: hard limits of 0 for every session and service (the usual hardening recipe) with the collector purged, but the core pattern is the kernel's plain "core" again: root, or a service whose unit raises its own limit, still dumps into its working directory
set -euo pipefail
. ./core-layers.sh
collector_purged
debug_cores_undone
sysctl_file /etc/sysctl.d/99-no-core-dumps.conf "fs.suid_dumpable = 0"
zero_core_limits soft hard
zero_service_core_limit
