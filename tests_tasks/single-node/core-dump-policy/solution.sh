#!/bin/bash
# Reference solution: the collector purged, the debugging leftovers removed, and dumps off at
# every layer:
# - kernel.core_pattern pipes every dump to /bin/false, which reads nothing: no file is written
#   whatever a process's limit (root and services may raise their own limits at will);
# - fs.suid_dumpable=0; the file sorts after the packages' (50-coredump.conf) so it wins at boot;
# - a hard core limit of 0 for every session, root's too, and for every service and user
#   manager, so nobody without privilege can raise it.
set -euo pipefail
. ./core-layers.sh
collector_purged
debug_cores_undone
sysctl_file /etc/sysctl.d/99-no-core-dumps.conf "kernel.core_pattern = |/bin/false" "fs.suid_dumpable = 0"
zero_core_limits soft hard
zero_service_core_limit
sysctl kernel.core_pattern fs.suid_dumpable
